export * from './audit';
export * from './audit.errors';
