import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { NotificationCall } from './notification-call.entity';

/** The provider's record of a placed call once it ended (ADR 021, "Call details"), fetched by the worker. */
@Entity('notification_call_details')
export class NotificationCallDetail {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_notification_call_details' })
  callId: string;

  @OneToOne(() => NotificationCall, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'callId', foreignKeyConstraintName: 'FK_notification_call_details_call' })
  call?: NotificationCall;

  /** The provider's final state: Alibaba Cloud's state code (200000 answered …), Twilio's status (completed, no-answer …). */
  @Column({ type: 'varchar', length: 64 })
  state: string;

  @Column({ type: 'boolean' })
  answered: boolean;

  /** The call's duration as the provider measured it (0 when not answered). */
  @Column({ type: 'integer' })
  durationSeconds: number;

  /** The provider's own price, when it reports one (Twilio: negative, in `priceUnit`). */
  @Column({ type: 'numeric', precision: 12, scale: 5, nullable: true })
  price: string | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  priceUnit: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  fetchedAt: Date;
}
