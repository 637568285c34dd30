import { Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsJSON, IsNotEmpty, IsOptional, IsString, IsTimeZone, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { IsExecutableFile } from './is-executable-file.validator';

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];
const URL_WITH_SCHEME = (schemes: string) => new RegExp(`^(${schemes})://[^\\s/]+`);
const PROXY_ENTRY = String.raw`(loopback|linklocal|uniquelocal|[0-9a-f:.]+(/\d{1,3})?)`;
const TRUSTED_PROXY_LIST = new RegExp(String.raw`^\s*${PROXY_ENTRY}(\s*,\s*${PROXY_ENTRY})*\s*$`, 'i');

/** Several decorators applied as one, so a rule shared by two schemas is written once. */
function allOf(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, property) => decorators.forEach((decorate) => decorate(target, property));
}

const PORT_MESSAGE = { message: 'must be a port number (1-65535)' };
const IsPort = () => allOf(Type(() => Number), IsInt(PORT_MESSAGE), Min(1, PORT_MESSAGE), Max(65535, PORT_MESSAGE));

const IsLogLevel = () => IsIn(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` });

const METRICS_PORT_MESSAGE = { message: 'must be a port number (0-65535; 0: any free port)' };
/** Prometheus metrics on an internal port of each process (docs/product/operations.md#metrics), never the front door. */
const IsMetricsPort = () => allOf(Type(() => Number), IsInt(METRICS_PORT_MESSAGE), Min(0, METRICS_PORT_MESSAGE), Max(65535, METRICS_PORT_MESSAGE));
// Loopback by default: who can reach the port can read it. Compose listens on its private network.
const IsMetricsHost = () => IsString();

export class DatabaseEnv {
  @Matches(URL_WITH_SCHEME('postgres|postgresql'), { message: 'must be a postgres:// URL' })
  DATABASE_URL!: string;
}

/** What every server process shares: database, cache/queue, object storage and logging. */
export class ServicesEnv extends DatabaseEnv {
  @Matches(URL_WITH_SCHEME('redis|rediss'), { message: 'must be a redis:// URL' })
  REDIS_URL!: string;

  @Matches(URL_WITH_SCHEME('http|https'), { message: 'must be an http(s):// URL of the S3-compatible server' })
  S3_ENDPOINT!: string;

  @IsString()
  @IsNotEmpty()
  S3_ACCESS_KEY!: string;

  @IsString()
  @IsNotEmpty()
  S3_SECRET_KEY!: string;

  // S3 bucket naming rules: 3-63 lowercase letters, digits, dots and dashes.
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be a valid bucket name (3-63 lowercase letters, digits, dots, dashes)' })
  S3_BUCKET!: string;

  @IsString()
  @IsOptional()
  S3_REGION: string = 'us-east-1';

  @IsLogLevel()
  LOG_LEVEL: LogLevel = 'info';
}

/**
 * Seals the crawler's site sessions (docs/decisions/070): generated into .data/secrets.json like SESSION_SECRET. Optional:
 * without it no session is stored or sent, and a stored one is reported as missing.
 */
const CrawlerSessionKey = () => allOf(IsOptional(), IsString(), MinLength(32, { message: 'must be at least 32 characters (a long random string)' }));

const KEEP_MESSAGE = { message: 'must be a whole number of archives from 1 to 365' };
// Five cron fields (minute hour day month weekday), read in China time like the crawl schedules.
const CRON_FIVE_FIELDS = /^\s*(\S+\s+){4}\S+\s*$/;

/** The backup settings (docs/product/backups.md#settings), shared by `npm run backup` and the worker's daily run. */
const BackupTarget = () => allOf(IsString(), IsNotEmpty({ message: 'must be a folder or s3://<bucket>/<prefix>' }));
const BackupKeep = () => allOf(Type(() => Number), IsInt(KEEP_MESSAGE), Min(1, KEEP_MESSAGE), Max(365, KEEP_MESSAGE));
const BackupSchedule = () => Matches(CRON_FIVE_FIELDS, { message: 'must be a cron pattern of five fields, e.g. 0 3 * * * (03:00 China time)' });

/** `npm run backup` and `npm run restore`: the services, and where the archives are kept. */
export class BackupEnv extends ServicesEnv {
  // A folder (relative to the working directory) or s3://<bucket>/<prefix> on S3_ENDPOINT; npm start and the
  // tools default it to <DATA_DIR>/backups.
  @BackupTarget()
  BACKUP_TARGET: string = '.data/backups';

  @BackupKeep()
  BACKUP_KEEP: number = 14;
}

const PHONE_E164 = /^\+[1-9]\d{6,14}$/;
const SIP_ADDRESS = /^sip:[^@\s]+@[^\s]+$/;

/**
 * New-lead phone calls (docs/product/phone.md#configuration; ADR 021), read by the API (configuration status,
 * test calls) and the worker (the calls). Every variable is optional: without a provider's variables the back
 * office names what is missing and that provider is never called.
 */
export class PhoneEnv extends ServicesEnv {
  // Alibaba Cloud voice notification (primary): an AccessKey of a RAM user allowed dyvms:SingleCallByTts.
  @IsOptional()
  @Matches(/^[A-Za-z0-9]{12,64}$/, { message: 'must be an Alibaba Cloud AccessKey ID (letters and digits, such as LTAI5t…)' })
  ALIYUN_ACCESS_KEY_ID?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9]{16,64}$/, { message: 'must be the AccessKey secret of ALIYUN_ACCESS_KEY_ID (letters and digits)' })
  ALIYUN_ACCESS_KEY_SECRET?: string;

  // The approved text-to-speech template (语音通知 → 文本转语音模板); its text is in the README.
  @IsOptional()
  @Matches(/^TTS_\d{3,20}$/, { message: 'must be a text-to-speech template code such as TTS_123456789' })
  ALIYUN_VOICE_TTS_CODE?: string;

  // The caller number shown (专属模式); unset in the public mode, where the service picks the number.
  @IsOptional()
  @Matches(/^\d{7,15}$/, { message: 'must be the caller number bought in the voice console, digits only' })
  ALIYUN_VOICE_SHOW_NUMBER?: string;

  // Tests point it at a local stand-in of the service; production keeps the default.
  @Matches(URL_WITH_SCHEME('http|https'), { message: 'must be an http(s):// URL, such as https://dyvmsapi.aliyuncs.com' })
  ALIYUN_VOICE_ENDPOINT: string = 'https://dyvmsapi.aliyuncs.com';

  // The sales phone the primary rings for every new lead: a mainland mobile (11 digits) or landline (0…).
  @IsOptional()
  @Matches(/^(1\d{10}|0\d{9,11})$/, { message: 'must be a mainland-China mobile (11 digits) or landline number (0 and area code), digits only' })
  PHONE_SALES_NUMBER?: string;

  // Twilio (backup): it cannot call mainland-China numbers, so it rings TWILIO_BACKUP_TO.
  @IsOptional()
  @Matches(/^AC[0-9a-f]{32}$/, { message: 'must be a Twilio Account SID (AC followed by 32 hexadecimal digits)' })
  TWILIO_ACCOUNT_SID?: string;

  @IsOptional()
  @Matches(/^[0-9a-f]{32}$/, { message: 'must be the Twilio Auth Token of TWILIO_ACCOUNT_SID (32 hexadecimal digits)' })
  TWILIO_AUTH_TOKEN?: string;

  @IsOptional()
  @Matches(PHONE_E164, { message: 'must be a Twilio number of the account in E.164 form, such as +15005550006' })
  TWILIO_FROM_NUMBER?: string;

  // An international number outside mainland China (E.164) or a SIP address (sip:sales@example.sip.twilio.com).
  @IsOptional()
  @Matches(new RegExp(`(${PHONE_E164.source})|(${SIP_ADDRESS.source})`), { message: 'must be an E.164 number outside mainland China (+852…, +1…) or a sip: address' })
  @Matches(/^(?!\+86)/, { message: 'must not be a mainland-China number: Twilio cannot call those' })
  TWILIO_BACKUP_TO?: string;

  // Tests point it at a local stand-in of Twilio's API; production keeps the default.
  @Matches(URL_WITH_SCHEME('http|https'), { message: 'must be an http(s):// URL, such as https://api.twilio.com' })
  TWILIO_API_BASE: string = 'https://api.twilio.com';

  // Leads arriving in this local window are announced in one call when it ends; "off" calls at any hour.
  // Seconds are optional (21:00:00-09:00:30), so a test can end a window a few seconds from now.
  @Matches(/^(off|([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?-([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?)$/, { message: 'must be a window such as 21:00-09:00 (seconds optional: 21:00:00-09:00:30), or off' })
  PHONE_QUIET_HOURS: string = '21:00-09:00';

  @IsTimeZone({ message: 'must be an IANA time zone such as Asia/Shanghai' })
  PHONE_TIME_ZONE: string = 'Asia/Shanghai';
}

export class ApiEnv extends PhoneEnv {
  @IsPort()
  API_PORT: number = 3001;

  @IsMetricsPort()
  METRICS_PORT: number = 9464;

  @IsMetricsHost()
  METRICS_HOST: string = '127.0.0.1';

  // Loopback by default: the API is reached through the web front door, not directly.
  @IsString()
  API_HOST: string = '127.0.0.1';

  // API processes sharing API_PORT through Node's cluster module (ADR 033); 0 = one per core.
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number of processes (0 = one per core)' })
  @Min(0, { message: 'must be between 0 (one per core) and 64' })
  @Max(64, { message: 'must be between 0 (one per core) and 64' })
  API_PROCESSES: number = 0;

  @IsString()
  @MinLength(32, { message: 'must be at least 32 characters' })
  SESSION_SECRET!: string;

  // Idle expiry of the administrator session, kept by the session store: every request pushes it back
  // (docs/product/constants.md#rate-limits-and-sessions: default 12 hours; ADR 007).
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number of hours' })
  @Min(1, { message: 'must be between 1 and 720 hours' })
  @Max(720, { message: 'must be between 1 and 720 hours' })
  SESSION_IDLE_HOURS: number = 12;

  @CrawlerSessionKey()
  CRAWLER_SESSION_KEY?: string;

  // First-time mode: both or neither. With both, a missing administrator is created at start and must
  // change the password at first sign-in.
  @ValidateIf((env: ApiEnv) => env.ADMIN_EMAIL !== undefined || env.ADMIN_INITIAL_PASSWORD !== undefined)
  @IsEmail({}, { message: 'must be an email address (set it together with ADMIN_INITIAL_PASSWORD)' })
  ADMIN_EMAIL?: string;

  @ValidateIf((env: ApiEnv) => env.ADMIN_EMAIL !== undefined || env.ADMIN_INITIAL_PASSWORD !== undefined)
  @IsString({ message: 'must be set together with ADMIN_EMAIL' })
  @MinLength(8, { message: 'must be at least 8 characters (set it together with ADMIN_EMAIL)' })
  ADMIN_INITIAL_PASSWORD?: string;

  // Public form submissions (registration, contact) allowed per client IP and form per minute; 429 beyond.
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number of submissions per minute (at least 1)' })
  @Min(1, { message: 'must be a whole number of submissions per minute (at least 1)' })
  FORM_RATE_LIMIT_PER_MINUTE: number = 5;

  // The public site's address: the WeChat signature call signs only pages of this host (else the request's own).
  @IsOptional()
  @Matches(URL_WITH_SCHEME('http|https'), { message: 'must be the public http(s):// address of the site, such as https://www.example.cn' })
  SITE_URL?: string;

  // WeChat JS-SDK sharing (official account): both or neither; without them the share panel says it is not set up.
  @ValidateIf((env: ApiEnv) => env.WECHAT_APP_ID !== undefined || env.WECHAT_APP_SECRET !== undefined)
  @Matches(/^wx[0-9a-zA-Z]{14,30}$/, { message: 'must be the official account AppID (wx followed by letters and digits; set it together with WECHAT_APP_SECRET)' })
  WECHAT_APP_ID?: string;

  @ValidateIf((env: ApiEnv) => env.WECHAT_APP_ID !== undefined || env.WECHAT_APP_SECRET !== undefined)
  @IsString({ message: 'must be set together with WECHAT_APP_ID' })
  @Matches(/^[0-9a-zA-Z]{16,64}$/, { message: 'must be the official account AppSecret (letters and digits; set it together with WECHAT_APP_ID)' })
  WECHAT_APP_SECRET?: string;

  // Tests point it at a local stand-in of WeChat's API; production keeps the default.
  @Matches(URL_WITH_SCHEME('http|https'), { message: 'must be an http(s):// URL, such as https://api.weixin.qq.com' })
  WECHAT_API_BASE: string = 'https://api.weixin.qq.com';

  // Signature requests allowed per client IP per minute (each WeChat page view asks once); 429 beyond.
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number of requests per minute (at least 1)' })
  @Min(1, { message: 'must be a whole number of requests per minute (at least 1)' })
  WECHAT_SIGNATURE_RATE_LIMIT_PER_MINUTE: number = 30;
}

export class WorkerEnv extends PhoneEnv {
  @IsExecutableFile({ message: 'must be the path of an executable Chromium (Debian: /usr/bin/chromium)' })
  CHROMIUM_PATH!: string;

  // Crawl jobs (and browser tabs) a worker runs at once; pages of one site still load one at a time.
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number between 1 and 16' })
  @Min(1, { message: 'must be a whole number between 1 and 16' })
  @Max(16, { message: 'must be a whole number between 1 and 16' })
  CRAWL_CONCURRENCY: number = 2;

  // BullMQ lock of an active crawl job; a job whose worker died is handed to another after about this long.
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number of milliseconds (at least 1000)' })
  @Min(1000, { message: 'must be a whole number of milliseconds (at least 1000)' })
  CRAWL_LOCK_DURATION_MS: number = 30_000;

  // Tests and demos only: a JSON map of site to origin (e.g. {"zhipin":"http://127.0.0.1:4010"}) that
  // replaces the real site's origin; those origins are then also allowed for navigation.
  @IsOptional()
  @IsJSON({ message: 'must be a JSON object mapping a site (zhaopin, zhipin, job51, liepin, lagou) to an origin' })
  CRAWLER_SITE_ORIGINS?: string;

  @CrawlerSessionKey()
  CRAWLER_SESSION_KEY?: string;

  // The daily backup (docs/product/backups.md#settings): the BackupEnv settings, and when it runs.
  @BackupTarget()
  BACKUP_TARGET: string = '.data/backups';

  @BackupKeep()
  BACKUP_KEEP: number = 14;

  @BackupSchedule()
  BACKUP_SCHEDULE: string = '0 3 * * *';

  @IsMetricsPort()
  METRICS_PORT: number = 9465;

  @IsMetricsHost()
  METRICS_HOST: string = '127.0.0.1';
}

/**
 * The web front door (apps/web/server): no database or storage of its own; it serves the Remix build and
 * the admin build and forwards /api/** to the API.
 */
export class WebEnv {
  @IsPort()
  PORT: number = 3000;

  @IsString()
  HOST: string = '0.0.0.0';

  @IsMetricsPort()
  METRICS_PORT: number = 9466;

  @IsMetricsHost()
  METRICS_HOST: string = '127.0.0.1';

  @IsOptional()
  @Matches(URL_WITH_SCHEME('http|https'), { message: 'must be an http(s):// URL of the API, such as http://127.0.0.1:3001' })
  API_URL?: string;

  // Only read to make the default API_URL (the API on this machine), so it is checked only then.
  @ValidateIf((env: WebEnv) => env.API_URL === undefined)
  @IsPort()
  API_PORT: number = 3001;

  @IsLogLevel()
  LOG_LEVEL: LogLevel = 'info';

  // `development` serves the Remix app through Vite's dev middleware; any other value serves the build.
  @IsOptional()
  @IsString()
  NODE_ENV?: string;

  // Proxies in front of this server whose X-Forwarded-* headers are believed (Express `trust proxy` syntax).
  @IsOptional()
  @Matches(TRUSTED_PROXY_LIST, { message: 'must be a comma-separated list of IP addresses, CIDR ranges or loopback / linklocal / uniquelocal' })
  TRUST_PROXY?: string;

  // Host names served besides SITE_URL's and localhost; any other Host header is answered 400.
  @IsOptional()
  @Matches(/^\s*[a-z0-9.-]+(\s*,\s*[a-z0-9.-]+)*\s*$/i, { message: 'must be a comma-separated list of host names, such as www.example.cn,example.cn' })
  PUBLIC_HOSTS?: string;

  // The Remix app reads the SITE_* values per request (app/config/site-config.server.ts); the two that
  // become links are checked here, so a typo stops the boot instead of publishing broken canonical URLs.
  @IsOptional()
  @Matches(URL_WITH_SCHEME('http|https'), { message: 'must be the public http(s):// address of the site, such as https://www.example.cn' })
  SITE_URL?: string;

  @IsOptional()
  @Matches(URL_WITH_SCHEME('http|https'), { message: 'must be an http(s):// URL' })
  SITE_SOCIAL_URL?: string;

  // The S3 store the back office uploads to and views files from through /storage (ADR 019). The front door
  // checks each URL's signature itself with the store's credentials (ADR 036): the embedded store checks none.
  @IsOptional()
  @Matches(URL_WITH_SCHEME('http|https'), { message: 'must be an http(s):// URL of the S3-compatible server' })
  S3_ENDPOINT?: string;

  @ValidateIf((env: WebEnv) => env.S3_ENDPOINT !== undefined)
  @IsString()
  @IsNotEmpty()
  S3_ACCESS_KEY?: string;

  @ValidateIf((env: WebEnv) => env.S3_ENDPOINT !== undefined)
  @IsString()
  @IsNotEmpty()
  S3_SECRET_KEY?: string;

  @IsString()
  @IsOptional()
  S3_REGION: string = 'us-east-1';

  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be a valid bucket name (3-63 lowercase letters, digits, dots, dashes)' })
  S3_BUCKET: string = 'aipm';
}
