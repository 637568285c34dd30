import { EMPLOYMENT_TYPES, type EmploymentType, type PublicJob } from '@aipm/contracts';
import { ApiProperty } from '@nestjs/swagger';

class JobResponse implements PublicJob {
  @ApiProperty({ format: 'uuid', example: '3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12' }) id!: string;
  @ApiProperty({ example: 'AI 产品经理' }) title!: string;
  @ApiProperty({ example: '长沙某科技有限公司' }) company!: string;
  @ApiProperty({ type: String, nullable: true, example: 'https://img.example.cn/logo.png' }) companyLogo!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '长沙' }) location!: string | null;
  @ApiProperty({ example: false }) remote!: boolean;
  @ApiProperty({ enum: EMPLOYMENT_TYPES, nullable: true, example: 'full_time' }) employmentType!: EmploymentType | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Monthly, whole currency units', example: 15000 }) salaryMin!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Monthly, whole currency units', example: 25000 }) salaryMax!: number | null;
  @ApiProperty({ example: 'CNY' }) salaryCurrency!: string;
  @ApiProperty({ type: String, nullable: true, example: '负责 AI 产品的规划与落地。' }) description!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '三年以上产品经验。' }) requirements!: string | null;
  @ApiProperty({ type: [String], example: ['AI', '产品'] }) skillTags!: string[];
  @ApiProperty({ format: 'uri', example: 'https://www.zhipin.com/job_detail/abc123.html' }) sourceUrl!: string;
  @ApiProperty({ format: 'date-time', description: 'Posting date, or the publishing date when the site gave none', example: '2026-11-20T00:00:00.000Z' })
  postedAt!: string;
}

export class JobListResponse {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ type: [JobResponse] }) data!: JobResponse[];
}
