import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { ContactMessage } from '../leads/contact-message.entity';
import { Registration } from '../leads/registration.entity';
import { NotificationCall } from './notification-call.entity';

/**
 * The outbox of new-lead calls (ADR 021): written in the transaction that stores the lead, so a lead is never
 * stored without its notification, whatever Redis is doing. The relay queues rows whose `enqueuedAt` is null;
 * the worker announces pending rows and links them to the call that did (`callId`). Exactly one of the two
 * lead columns is set; erasing the lead erases its row.
 */
@Entity('lead_notifications')
@Unique('UQ_lead_notifications_registrationId', ['registrationId'])
@Unique('UQ_lead_notifications_contactMessageId', ['contactMessageId'])
// The relay's and the worker's scans: rows not yet queued, and rows not yet announced, oldest first.
@Index('IDX_lead_notifications_enqueuedAt_createdAt', ['enqueuedAt', 'createdAt'])
@Index('IDX_lead_notifications_announcedAt_createdAt', ['announcedAt', 'createdAt'])
@Index('IDX_lead_notifications_callId', ['callId'])
@Check('CHK_lead_notifications_one_lead', `("registrationId" IS NULL) <> ("contactMessageId" IS NULL)`)
export class LeadNotification {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_lead_notifications' })
  id: string;

  @Column({ type: 'uuid', nullable: true })
  registrationId: string | null;

  // Erasing a lead (PIPL) erases its notification with it.
  @ManyToOne(() => Registration, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'registrationId', foreignKeyConstraintName: 'FK_lead_notifications_registration' })
  registration?: Registration | null;

  @Column({ type: 'uuid', nullable: true })
  contactMessageId: string | null;

  @ManyToOne(() => ContactMessage, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'contactMessageId', foreignKeyConstraintName: 'FK_lead_notifications_contactMessage' })
  contactMessage?: ContactMessage | null;

  /** When the relay handed it to the queue; null: still to queue (Redis was down, or the API stopped). */
  @Column({ type: 'timestamptz', nullable: true })
  enqueuedAt: Date | null;

  /** The call that announced it (placed) or is announcing it (dialing); null while pending. */
  @Column({ type: 'uuid', nullable: true })
  callId: string | null;

  // The log keeps its calls; a removed call (never, today) would put its leads back to pending.
  @ManyToOne(() => NotificationCall, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'callId', foreignKeyConstraintName: 'FK_lead_notifications_call' })
  call?: NotificationCall | null;

  @Column({ type: 'timestamptz', nullable: true })
  announcedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
