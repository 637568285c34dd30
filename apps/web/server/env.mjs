// @ts-check
/**
 * Boot-time configuration of the front door. Every variable is checked before anything starts, and all
 * invalid ones are reported together, so a bad deployment fails once with one readable message.
 */

const LOG_LEVELS = /** @type {const} */ (['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);

/**
 * @typedef {object} FrontDoorEnv
 * @property {number} port
 * @property {string} host
 * @property {string} apiUrl  Where `/api/**` is forwarded, without a trailing slash.
 * @property {(typeof LOG_LEVELS)[number]} logLevel
 * @property {boolean} production
 */

export class EnvError extends Error {
  /** @param {string[]} problems one line per invalid variable */
  constructor(problems) {
    super(
      `Invalid environment for the web front door (apps/web):\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        'Fix these variables (see .env.example) and start again.',
    );
    this.name = 'EnvError';
    this.problems = problems;
  }
}

/**
 * @param {string | undefined} raw
 * @returns {number | null} the port, or null when `raw` is not a whole number in 1–65535
 */
function parsePort(raw) {
  if (raw === undefined || !/^\d{1,5}$/.test(raw.trim())) return null;
  const port = Number(raw.trim());
  return port >= 1 && port <= 65535 ? port : null;
}

/**
 * Reads and validates the front door's variables.
 * @param {Record<string, string | undefined>} env usually `process.env`
 * @returns {FrontDoorEnv}
 * @throws {EnvError} naming every invalid variable
 */
export function readFrontDoorEnv(env) {
  /** @type {string[]} */
  const problems = [];
  // An empty value counts as unset, as in .env files where `PORT=` is common.
  const value = (/** @type {string} */ name) => {
    const raw = env[name];
    return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
  };

  const rawPort = value('PORT');
  const port = rawPort === undefined ? 3000 : parsePort(rawPort);
  if (port === null) problems.push(`PORT must be a whole number from 1 to 65535 (got "${rawPort}")`);

  let apiUrl = value('API_URL');
  if (apiUrl === undefined) {
    const rawApiPort = value('API_PORT');
    const apiPort = rawApiPort === undefined ? 3001 : parsePort(rawApiPort);
    if (apiPort === null) {
      problems.push(`API_PORT must be a whole number from 1 to 65535 (got "${rawApiPort}"); it sets the default API_URL`);
    }
    apiUrl = `http://127.0.0.1:${apiPort ?? 3001}`;
  } else {
    let parsed = null;
    try {
      parsed = new URL(apiUrl);
    } catch {
      parsed = null;
    }
    if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') {
      problems.push(`API_URL must be an http:// or https:// URL such as http://127.0.0.1:3001 (got "${apiUrl}")`);
    }
  }

  const logLevel = value('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(/** @type {any} */ (logLevel))) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }

  if (problems.length > 0) throw new EnvError(problems);

  return {
    port: /** @type {number} */ (port),
    host: value('HOST') ?? '0.0.0.0',
    apiUrl: apiUrl.replace(/\/+$/, ''),
    logLevel: /** @type {FrontDoorEnv['logLevel']} */ (logLevel),
    production: env.NODE_ENV !== 'development',
  };
}
