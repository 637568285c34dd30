import { NOTIFICATION_CALL_STATUSES, NOTIFICATION_CALL_TRIGGERS, NotificationCallStatus, NotificationCallTrigger, PHONE_PROVIDERS, PhoneProvider } from '@aipm/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { inValues } from '../common/sql-check';

/** One attempt of one voice provider to ring a number (docs/product/phone.md#notification-log). */
@Entity('notification_calls')
// DESC in the migration; TypeORM compares index names and columns only.
@Index('IDX_notification_calls_createdAt', ['createdAt'])
// The per-number limits count the calls placed to a number in the last 24 hours.
@Index('IDX_notification_calls_calledNumber_createdAt', ['calledNumber', 'createdAt'])
@Check('CHK_notification_calls_provider', inValues('provider', PHONE_PROVIDERS))
@Check('CHK_notification_calls_status', inValues('status', NOTIFICATION_CALL_STATUSES))
@Check('CHK_notification_calls_trigger', inValues('trigger', NOTIFICATION_CALL_TRIGGERS))
export class NotificationCall {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_notification_calls' })
  id: string;

  @Column({ type: 'varchar', length: 16 })
  provider: PhoneProvider;

  @Column({ type: 'varchar', length: 16, default: NotificationCallStatus.Dialing })
  status: NotificationCallStatus;

  @Column({ type: 'varchar', length: 16 })
  trigger: NotificationCallTrigger;

  /** The sales number (primary) or the backup number / SIP address (backup). */
  @Column({ type: 'varchar', length: 255 })
  calledNumber: string;

  @Column({ type: 'integer', default: 0 })
  leadCount: number;

  /** The provider's id of the call (Alibaba Cloud CallId, Twilio Call SID). */
  @Column({ type: 'varchar', length: 128, nullable: true })
  providerCallId: string | null;

  /** Seconds of speech the announcement takes; the billed duration is the provider's, reported later. */
  @Column({ type: 'integer', nullable: true })
  durationSeconds: number | null;

  /** Started minutes × 0.13 RMB, in fen (docs/product/phone.md#notification-log); 0 when no call was placed. */
  @Column({ type: 'integer', default: 0 })
  costEstimateFen: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  errorCode: string | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
