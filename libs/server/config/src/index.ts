export { EnvValidationError, validateEnv, type RawEnv } from './env-validation';
export { ApiEnv, BackupEnv, DatabaseEnv, PhoneEnv, ServicesEnv, WebEnv, WorkerEnv } from './env-schemas';
export { isExecutableFile } from './is-executable-file.validator';
export { closeOnSignals, type Closable, type ShutdownOptions } from './graceful-shutdown';
export { s3ClientOptions } from './s3-client-options';
export { acceptRequestId, leftByTheClient, REDACTED_LOG_PATHS, REDACTION_CENSOR, REQUEST_ID_HEADER, requestLogSerializers } from './request-log';
export { type NestLogger, quietNestStartup } from './startup-log';
export { answerUnparsableRequests, type UnparsableStatus } from './unparsable-requests';
export { type HostResolver, isPrivateAddress, privateHostReason, systemResolver } from './private-address';
