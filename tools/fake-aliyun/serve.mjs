#!/usr/bin/env node
// Serves the Alibaba Cloud voice stand-in on 127.0.0.1 for demos and the browser journeys (playwright.config.ts):
//   node tools/fake-aliyun/serve.mjs --port 3912 --access-key-id … --access-key-secret … --tts-code TTS_… [--summary-tts-code TTS_…] [--crawler-check-tts-code TTS_…]
// then run the API and the worker with ALIYUN_VOICE_ENDPOINT=http://127.0.0.1:3912 and the same credentials.
import { startFakeAliyunVoice } from './fake-aliyun-voice.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};

const api = await startFakeAliyunVoice({
  port: Number(option('port', 3912)),
  accessKeyId: option('access-key-id', 'LTAI5tE2eTestKey0000000'),
  accessKeySecret: option('access-key-secret', 'e2eTestSecret000000000000000000'),
  templates: { [option('tts-code', 'TTS_300000001')]: ['count', 'kind', 'name', 'tail', 'course'], [option('summary-tts-code', 'TTS_300000002')]: ['due', 'waiting'], [option('crawler-check-tts-code', 'TTS_300000003')]: ['site', 'minutes'] },
  showNumbers: option('show-number') ? [option('show-number')] : [],
  limits: option('limits', 'on') !== 'off',
});
console.log(`fake Alibaba Cloud voice API at ${api.url}`);
const stop = () => api.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
