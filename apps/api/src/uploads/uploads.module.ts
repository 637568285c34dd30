import { Module } from '@nestjs/common';
import { FileStore } from './file-store';
import { FilesController } from './files.controller';
import { UploadsController } from './uploads.controller';
import { UploadSweeper } from './upload-sweeper';
import { UploadsService } from './uploads.service';
import { StoredUploadsRepository } from './stored-uploads.repository';
import { UploadReferencesRepository } from './upload-references.repository';

/** Private files of the students section: the three-step upload, administrator-only viewing, the sweep of abandoned uploads. */
@Module({
  controllers: [UploadsController, FilesController],
  providers: [UploadsService, FileStore, StoredUploadsRepository, UploadReferencesRepository, UploadSweeper],
  exports: [FileStore, StoredUploadsRepository, UploadsService],
})
export class UploadsModule {}
