export { EnvValidationError, validateEnv, type RawEnv } from './env-validation';
export { ApiEnv, DatabaseEnv, ServicesEnv, WorkerEnv } from './env-schemas';
export { isExecutableFile } from './is-executable-file.validator';
export { closeOnSignals, type Closable, type ShutdownOptions } from './graceful-shutdown';
export { s3ClientOptions } from './s3-client-options';
