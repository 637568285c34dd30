#!/usr/bin/env node
// Serves the WeChat API stand-in on 127.0.0.1 for demos and the browser journeys (playwright.config.ts):
//   node tools/fake-wechat/serve.mjs --port 3911 --app-id wx… --app-secret …
// then run the API with WECHAT_API_BASE=http://127.0.0.1:3911 and the same WECHAT_APP_ID / WECHAT_APP_SECRET.
import { startFakeWechatApi } from './fake-wechat-api.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};

const api = await startFakeWechatApi({
  port: Number(option('port', 3911)),
  appId: option('app-id', 'wx0000000000e2etest'),
  appSecret: option('app-secret', 'e2etestsecret0000000000000000000'),
});
console.log(`fake WeChat API at ${api.url}`);
const stop = () => api.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
