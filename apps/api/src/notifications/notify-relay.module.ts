import { Module } from '@nestjs/common';
import { LeadNotificationOutboxRepository } from './lead-notification-outbox.repository';
import { NotifyRelay } from './notify-relay.service';

/** The outbox relay of new-lead calls, shared by the two public forms (ADR 021). */
@Module({
  providers: [LeadNotificationOutboxRepository, NotifyRelay],
  exports: [NotifyRelay],
})
export class NotifyRelayModule {}
