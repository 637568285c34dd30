import { EMPLOYMENT_TYPES, type EmploymentType, type PublicJob } from '@aipm/contracts';
import { ApiProperty } from '@nestjs/swagger';

class JobResponse implements PublicJob {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() company!: string;
  @ApiProperty({ type: String, nullable: true }) companyLogo!: string | null;
  @ApiProperty({ type: String, nullable: true }) location!: string | null;
  @ApiProperty() remote!: boolean;
  @ApiProperty({ enum: EMPLOYMENT_TYPES, nullable: true }) employmentType!: EmploymentType | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Monthly, whole currency units' }) salaryMin!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Monthly, whole currency units' }) salaryMax!: number | null;
  @ApiProperty({ example: 'CNY' }) salaryCurrency!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ type: String, nullable: true }) requirements!: string | null;
  @ApiProperty({ type: [String] }) skillTags!: string[];
  @ApiProperty({ format: 'uri' }) sourceUrl!: string;
  @ApiProperty({ format: 'date-time', description: 'Posting date, or the publishing date when the site gave none' })
  postedAt!: string;
}

export class JobListResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty({ type: [JobResponse] }) data!: JobResponse[];
}
