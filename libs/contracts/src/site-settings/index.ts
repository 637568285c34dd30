export * from './site-settings';
export * from './site-settings.errors';
