import { Module } from '@nestjs/common';
import { NotifyWorkerService } from './notify-worker.service';

/** New-lead phone calls (docs/product/phone.md#new-lead-phone-calls, ADR 021). */
@Module({ providers: [NotifyWorkerService] })
export class NotifyModule {}
