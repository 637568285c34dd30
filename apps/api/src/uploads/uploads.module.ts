import { Module } from '@nestjs/common';
import { FileStore } from './file-store';
import { FilesController } from './files.controller';
import { FileViews } from './file-views';
import { UploadsController } from './uploads.controller';
import { UploadSweeper } from './upload-sweeper';
import { UploadsService } from './uploads.service';
import { StoredUploadsRepository } from './stored-uploads.repository';
import { UploadReferencesRepository } from './upload-references.repository';

/** Private files of the students section: the three-step upload, viewing (the administrator's, and the student's own through FileViews), the sweep of abandoned uploads. */
@Module({
  controllers: [UploadsController, FilesController],
  providers: [UploadsService, FileStore, FileViews, StoredUploadsRepository, UploadReferencesRepository, UploadSweeper],
  exports: [FileStore, FileViews, StoredUploadsRepository, UploadsService],
})
export class UploadsModule {}
