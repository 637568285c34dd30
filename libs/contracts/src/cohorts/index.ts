export * from './cohort';
export * from './cohort.errors';
