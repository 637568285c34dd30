// Embedded S3: s3rver (npm) in a child Node process, objects under <DATA_DIR>/s3. See s3-server.mjs
// for why it listens on loopback only. S3_ENDPOINT in the environment skips all this.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { describeExit, spawnService, tail, waitFor } from '../lib/proc.mjs';
import { given, supervise } from './result.mjs';

// s3rver's built-in account; it rejects other access keys.
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export async function ensureS3(ctx) {
  if (ctx.env.S3_ENDPOINT) {
    const { S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION } = ctx.env;
    return given('s3', pickDefined({ S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET, S3_REGION }));
  }
  ctx.lockDataDir();

  const bucket = ctx.env.S3_BUCKET || 'aipm';
  const dir = path.join(ctx.dataDir, 's3');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const logFile = ctx.logFile('s3');
  const port = await ctx.port('s3');
  const script = path.join(ctx.repoRoot, 'tools/services/s3-server.mjs');
  fs.appendFileSync(logFile, `\n--- ${new Date().toISOString()} s3rver on 127.0.0.1:${port}\n`);

  // Node itself runs the server (no npx wrapper), so the pid we stop is the server's.
  const child = spawnService(process.execPath, [script, '--port', String(port), '--directory', dir, '--bucket', bucket], {
    logFile,
    cwd: ctx.repoRoot,
    stdin: 'pipe', // closes when we die: the server then exits by itself
    stdout: 'pipe',
  });
  child.stdin.on('error', () => {});
  const handle = supervise(ctx, child, [['SIGTERM', 5_000], ['SIGKILL', 5_000]]);
  let ready = false;
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('ready ')) ready = true;
  });
  try {
    await waitFor(
      () => {
        if (child.exitInfo) throw new Error(`the S3 server exited during startup (${describeExit(child.exitInfo)}); ${ctx.show(logFile)} ends with:\n${tail(logFile)}`);
        return ready || undefined;
      },
      { what: `S3 server on port ${port}`, timeoutMs: 30_000, signal: ctx.signal },
    );
  } catch (error) {
    await handle.stop();
    throw error;
  }
  return {
    name: 's3',
    status: 'started',
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY: ACCESS_KEY,
      S3_SECRET_KEY: SECRET_KEY,
      S3_BUCKET: bucket,
      S3_REGION: ctx.env.S3_REGION || 'us-east-1',
    },
    detail: `s3rver, bucket ${bucket}, data in ${ctx.show(dir)}`,
    ...handle,
  };
}

const pickDefined = (object) => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
