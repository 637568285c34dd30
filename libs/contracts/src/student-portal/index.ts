export * from './student-portal';
export * from './student-portal.errors';
export * from './my-record';
