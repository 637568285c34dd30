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
