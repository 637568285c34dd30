export * from './wechat-share';
