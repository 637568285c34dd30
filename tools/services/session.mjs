// SESSION_SECRET signs the session cookie; generated once per data dir and kept, so restarting
// `npm start` does not log everybody out.
import { given, passive } from './result.mjs';
import { randomSecret } from '../lib/secrets.mjs';

export async function ensureSessionSecret(ctx) {
  if (ctx.env.SESSION_SECRET) return given('session', { SESSION_SECRET: ctx.env.SESSION_SECRET });
  let created = false;
  const secret = ctx.secrets.get('sessionSecret', () => {
    created = true;
    return randomSecret(48); // 64 characters; the API requires at least 32
  });
  return passive('session', created ? 'generated' : 'stored', { SESSION_SECRET: secret }, `SESSION_SECRET in ${ctx.show(ctx.secrets.file)}`);
}

// CRAWLER_SESSION_KEY seals the crawler's signed-in site sessions (ADR 070); kept like SESSION_SECRET, because a
// new key would make every stored sign-in unreadable.
export async function ensureCrawlerSessionKey(ctx) {
  if (ctx.env.CRAWLER_SESSION_KEY) return given('crawler-sessions', { CRAWLER_SESSION_KEY: ctx.env.CRAWLER_SESSION_KEY });
  let created = false;
  const key = ctx.secrets.get('crawlerSessionKey', () => {
    created = true;
    return randomSecret(48);
  });
  return passive('crawler-sessions', created ? 'generated' : 'stored', { CRAWLER_SESSION_KEY: key }, `CRAWLER_SESSION_KEY in ${ctx.show(ctx.secrets.file)}`);
}
