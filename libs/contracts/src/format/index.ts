export * from './date.format';
export * from './language';
export * from './money.format';
export * from './salary.format';
export * from './public-job';
export * from './bytes.format';
