export * from './cohort';
export * from './cohort.errors';
export * from './attendance';
