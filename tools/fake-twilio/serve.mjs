#!/usr/bin/env node
// Serves the Twilio API stand-in on 127.0.0.1 for demos and the browser journeys (playwright.config.ts):
//   node tools/fake-twilio/serve.mjs --port 3913 --account-sid AC… --auth-token … --from +1…
// then run the API and the worker with TWILIO_API_BASE=http://127.0.0.1:3913 and the same credentials.
import { startFakeTwilioApi } from './fake-twilio-api.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};

const api = await startFakeTwilioApi({
  port: Number(option('port', 3913)),
  accountSid: option('account-sid', 'AC00000000000000000000000000e2e000'),
  authToken: option('auth-token', '0000000000000000000000000000e2e0'),
  fromNumbers: [option('from', '+15005550006')],
});
console.log(`fake Twilio API at ${api.url}`);
const stop = () => api.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
