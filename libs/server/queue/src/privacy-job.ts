/**
 * Lead retention (docs/product/back-office.md#lead-retention, PIPL): leads of people who never became students
 * are erased once the retention period (site setting leadRetentionMonths) has passed since the person's last
 * contact. Fired daily at 03:30 Beijing time by a job scheduler on the privacy queue, whichever worker takes it.
 */
export const ERASE_EXPIRED_LEADS_JOB_NAME = 'erase-expired-leads';
export const ERASE_EXPIRED_LEADS_SCHEDULER_ID = 'erase-expired-leads';
export const ERASE_EXPIRED_LEADS_PATTERN = '30 3 * * *';

export interface EraseExpiredLeadsResult {
  registrations: number;
  messages: number;
  retentionMonths: number;
  /** Leads last contacted before this instant were due. */
  cutoff: string;
}
