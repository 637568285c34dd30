import { type RawEnv, validateEnv, WorkerEnv } from '@aipm/config';

export const WORKER_ENV = Symbol('WORKER_ENV');

export function loadWorkerEnv(env: RawEnv = process.env): WorkerEnv {
  return validateEnv('worker', WorkerEnv, env);
}

export { WorkerEnv };
