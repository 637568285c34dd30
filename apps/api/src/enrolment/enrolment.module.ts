import { Module } from '@nestjs/common';
import { StudentsModule } from '../students/students.module';
import { EnrolmentController } from './enrolment.controller';
import { EnrolmentService } from './enrolment.service';

/** A lead becomes a student (docs/product/students.md#enrol-a-lead): between the leads and the students sections. */
@Module({
  imports: [StudentsModule],
  controllers: [EnrolmentController],
  providers: [EnrolmentService],
})
export class EnrolmentModule {}
