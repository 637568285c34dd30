import { Module } from '@nestjs/common';
import { FileStore } from './file-store';
import { FilesController } from './files.controller';
import { UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';

/** Private files of the students section: the three-step upload and administrator-only viewing. */
@Module({
  controllers: [UploadsController, FilesController],
  providers: [UploadsService, FileStore],
  exports: [FileStore],
})
export class UploadsModule {}
