export * from './auth.errors';
export * from './auth.messages';
export * from './auth.responses';
export * from './email';
export * from './session-cookie';
