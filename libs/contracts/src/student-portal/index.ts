export * from './student-portal';
export * from './student-portal.errors';
