import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { LeadNotification } from './lead-notification.entity';
import { NotificationCall } from './notification-call.entity';

/**
 * A lead one call attempt covered, whatever the attempt's outcome: lead_notifications.callId keeps only the
 * call that announced it, so without these a failed attempt's log row could not name its lead.
 */
@Entity('notification_call_leads')
@Index('IDX_notification_call_leads_leadNotificationId', ['leadNotificationId'])
export class NotificationCallLead {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_notification_call_leads' })
  callId: string;

  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_notification_call_leads' })
  leadNotificationId: string;

  @ManyToOne(() => NotificationCall, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'callId', foreignKeyConstraintName: 'FK_notification_call_leads_call' })
  call?: NotificationCall;

  // Erasing a lead (PIPL) erases its notification and so these links.
  @ManyToOne(() => LeadNotification, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'leadNotificationId', foreignKeyConstraintName: 'FK_notification_call_leads_lead' })
  leadNotification?: LeadNotification;
}
