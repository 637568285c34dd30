export * from './backup';
export * from './backup.errors';
