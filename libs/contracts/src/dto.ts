/*
 * The server entry: request DTO classes validated with class-validator, for the API and for server-only web
 * code (`*.server.ts`). Browser bundles never import it (tools/bundle-boundary.int-spec.ts, eslint.config.mjs).
 */
export * from './auth/auth.dto';
export * from './crawl/crawl-admin.dto';
export * from './crawl/published-job-admin.dto';
export * from './crawl/crawl-ops.dto';
export * from './leads/lead.dto';
export * from './leads/follow-up.dto';
export * from './leads/lead-validators';
export * from './validation/rule';
export * from './wechat/wechat.dto';
export * from './students/student.dto';
export * from './cohorts/cohort.dto';
export * from './outcomes/outcome.dto';
export * from './site-settings/site-settings.dto';
export * from './student-portal/student-portal.dto';
