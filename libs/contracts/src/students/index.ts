export * from './student.errors';
export * from './student.messages';
export * from './student.responses';
