import { Student } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CohortsModule } from '../cohorts/cohorts.module';
import { UploadsModule } from '../uploads/uploads.module';
import { StudentFilesController } from './files/student-files.controller';
import { StudentFilesRepository } from './files/student-files.repository';
import { StudentFilesService } from './files/student-files.service';
import { StudentsController } from './students.controller';
import { StudentsRepository } from './students.repository';
import { StudentsService } from './students.service';

/** The student records of 学员管理 (docs/product/students.md#section-layout), their files, PIPL export and erasure. */
@Module({
  imports: [TypeOrmModule.forFeature([Student]), UploadsModule, CohortsModule],
  controllers: [StudentsController, StudentFilesController],
  providers: [StudentsService, StudentsRepository, StudentFilesService, StudentFilesRepository],
  exports: [StudentsService, StudentsRepository, StudentFilesService],
})
export class StudentsModule {}
