/*
 * The universal entry: what the browsers and the servers share (enums, messages, error codes, formatters,
 * parsers, response types). No decorators and no class-validator here: the validated request DTOs are the
 * server entry, `@aipm/contracts/dto` (docs/decisions/013-error-codes-and-lean-contracts.md).
 */
export * from './enums';
export * from './errors';
export * from './format';
export * from './auth';
export * from './crawl';
export * from './leads';
export * from './wechat';
export * from './students';
export * from './cohorts';
export * from './outcomes';
export * from './phone';
export * from './site-settings';
export * from './landing-content';
export * from './dashboard';
export * from './audit';
export * from './backups';
export * from './student-portal';
export type { Assert, Equals } from './type-checks';
