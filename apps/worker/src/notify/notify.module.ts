import { Module } from '@nestjs/common';
import { NotifyWorkerService } from './notify-worker.service';

/** New-lead phone calls (issue 15, ADR 021). */
@Module({ providers: [NotifyWorkerService] })
export class NotifyModule {}
