import { Module } from '@nestjs/common';
import { CohortsModule } from '../../cohorts/cohorts.module';
import { GuaranteeModule } from '../../guarantee/guarantee.module';
import { StudentsModule } from '../../students/students.module';
import { UploadsModule } from '../../uploads/uploads.module';
import { MyRecordController } from './my-record.controller';
import { MyRecordRepository } from './my-record.repository';
import { MyRecordService } from './my-record.service';

/**
 * The student's own records (ADR 067): read through the students, cohorts, guarantee and uploads features' services,
 * under the student realm's session and guard (StudentPortalModule).
 */
@Module({
  imports: [StudentsModule, CohortsModule, GuaranteeModule, UploadsModule],
  controllers: [MyRecordController],
  providers: [MyRecordService, MyRecordRepository],
})
export class MyRecordModule {}
