export * from './outcome';
export * from './outcome.errors';
export * from './outcome-rules';
export * from './guarantee';
export * from './report';
export * from './hero-figures';
