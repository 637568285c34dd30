/*
 * The metrics the processes serve (docs/product/operations.md#metrics): their names once, for the code that records
 * them, the alert rules (ops/prometheus/alerts.yml) and the dashboard (ops/grafana/aipm.json), which a test holds to
 * this list.
 */
export const METRIC_NAMES = {
  /** Requests answered, by method, route and status (the API's routes; the front door's kinds of request). */
  httpRequests: 'aipm_http_requests_total',
  httpDuration: 'aipm_http_request_duration_seconds',
  /** Jobs in each queue by state, and how long the oldest waiting one has waited. */
  queueJobs: 'aipm_queue_jobs',
  queueOldestWaiting: 'aipm_queue_oldest_waiting_seconds',
  /** Jobs the workers finished, by queue and outcome (completed, failed), as BullMQ counts them in Redis. */
  jobsFinished: 'aipm_queue_jobs_finished_total',
  /** Crawled pages by site and outcome (read, refused, failed); refusals by site and reason; jobs found by site. */
  crawlPages: 'aipm_crawl_pages_total',
  crawlRefusals: 'aipm_crawl_refusals_total',
  crawlJobs: 'aipm_crawl_jobs_found_total',
  /** Each site's pace step as a worker last recorded it: 0 normal, 1 slow ×2, 2 slow ×4, 3 paused (ADR 064). */
  crawlPaceStep: 'aipm_crawl_pace_step',
  /** Published jobs checked at their source, by site and outcome (open, closed, refused, failed; ADR 063). */
  livenessChecks: 'aipm_job_liveness_checks_total',
  /** Leads stored, by kind (registration, message) and source (utm_source, else direct). */
  leads: 'aipm_leads_total',
  /** New-lead phone calls, by provider and outcome, from the call log. */
  calls: 'aipm_phone_calls_total',
  /** The last good backup: when it ended (Unix seconds) and its size. */
  backupLastSuccess: 'aipm_backup_last_success_timestamp_seconds',
  backupLastSize: 'aipm_backup_last_size_bytes',
} as const;

export type MetricName = (typeof METRIC_NAMES)[keyof typeof METRIC_NAMES];
