import { IsBoolean } from 'class-validator';
import type { PublicJob } from '../format/public-job';

export const PUBLISHED_JOB_MESSAGES = {
  invalidJobId: '职位ID格式无效',
  jobNotFound: '职位不存在',
  invalidIsActive: 'isActive 必须是 true 或 false',
  updated: '更新成功',
  deleted: '删除成功',
} as const;

/** PATCH /api/admin/published-jobs/{id}/status: show (true) or deactivate (false). */
export class UpdatePublishedJobStatusDto {
  @IsBoolean({ message: PUBLISHED_JOB_MESSAGES.invalidIsActive })
  isActive!: boolean;
}

/** A published job as the admin lists it: the public card plus its state. */
export interface AdminPublishedJobView extends PublicJob {
  crawlResultId: string | null;
  isActive: boolean;
  publishedAt: string;
}
