// Child process started by s3.mjs: s3rver (S3 API on the local filesystem) on 127.0.0.1 only.
// s3rver serves unsigned requests and does not verify SigV4 signatures, so anyone who can reach the
// port can read and write every object: it must never listen beyond loopback, and nothing may rely
// on a presigned URL as the only guard while it stands in for S3 (docker-compose runs a real S3 server, SeaweedFS: docs/decisions/050).
import { parseArgs } from 'node:util';
import S3rver from 's3rver';

const { values } = parseArgs({
  options: { port: { type: 'string' }, directory: { type: 'string' }, bucket: { type: 'string' } },
});

const server = new S3rver({
  address: '127.0.0.1',
  port: Number(values.port),
  directory: values.directory,
  silent: true,
  configureBuckets: [{ name: values.bucket }],
});
const { port } = await server.run();
process.stdout.write(`ready http://127.0.0.1:${port}\n`);

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(0), 2_000).unref(); // keep-alive connections must not hold us up
  server.close().finally(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
// stdin is a pipe from the orchestrator: when it closes, our parent is gone, so are we.
process.stdin.on('end', shutdown).resume();
