import { Module } from '@nestjs/common';
import { BackupService } from './backup.service';

/** The worker's backups (docs/product/backups.md#daily): daily, and when the back office asks. */
@Module({ providers: [BackupService] })
export class BackupModule {}
