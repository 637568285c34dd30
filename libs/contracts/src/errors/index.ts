export * from './common.errors';
export * from './error-catalog';
export * from './api-responses';
export * from './wechat/wechat.errors';
