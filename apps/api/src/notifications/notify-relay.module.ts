import { Module } from '@nestjs/common';
import { NotifyRelay } from './notify-relay.service';

/** The outbox relay of new-lead calls, shared by the two public forms (ADR 021). */
@Module({
  providers: [NotifyRelay],
  exports: [NotifyRelay],
})
export class NotifyRelayModule {}
