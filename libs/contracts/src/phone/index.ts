export * from './phone';
export * from './phone.errors';
