export * from './landing-content';
export * from './landing-content.defaults';
export * from './landing-content.errors';
