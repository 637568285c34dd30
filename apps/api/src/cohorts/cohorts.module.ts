import { Attendance, Cohort } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AttendanceController } from './attendance/attendance.controller';
import { AttendanceService } from './attendance/attendance.service';
import { CohortsController } from './cohorts.controller';
import { CohortsService } from './cohorts.service';

/** 期次 (docs/product/cohorts.md): the cohorts, the seats students take in them, and attendance. */
@Module({
  imports: [TypeOrmModule.forFeature([Cohort, Attendance])],
  controllers: [CohortsController, AttendanceController],
  providers: [CohortsService, AttendanceService],
  exports: [CohortsService, AttendanceService],
})
export class CohortsModule {}
