export * from './auth.dto';
export * from './auth.messages';
export * from './auth.responses';
