import { FOLLOW_UP_KINDS, type FollowUpKind } from '@aipm/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { inValues } from '../common/sql-check';
import { ContactMessage } from './contact-message.entity';
import { Registration } from './registration.entity';

/**
 * A planned touch with a lead (ADR 073): a call, a WeChat message or a meeting, due at a time, with a note, and
 * its result once done. Exactly one of the two lead columns is set; erasing the lead (PIPL) erases its follow-ups.
 */
@Entity('follow_ups')
// 今日待办 and the reminders read the open ones in due order (ties by id): a partial index of those only.
@Index('IDX_follow_ups_open_dueAt_id', ['dueAt', 'id'], { where: '"doneAt" IS NULL' })
@Index('IDX_follow_ups_registrationId_dueAt', ['registrationId', 'dueAt'])
@Index('IDX_follow_ups_contactMessageId_dueAt', ['contactMessageId', 'dueAt'])
@Check('CHK_follow_ups_one_lead', `("registrationId" IS NULL) <> ("contactMessageId" IS NULL)`)
@Check('CHK_follow_ups_kind', inValues('kind', FOLLOW_UP_KINDS))
// Done means a result: one is never set without the other.
@Check('CHK_follow_ups_done', `("doneAt" IS NULL) = ("result" IS NULL)`)
export class FollowUp {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_follow_ups' })
  id: string;

  @Column({ type: 'uuid', nullable: true })
  registrationId: string | null;

  @ManyToOne(() => Registration, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'registrationId', foreignKeyConstraintName: 'FK_follow_ups_registration' })
  registration?: Relation<Registration> | null;

  @Column({ type: 'uuid', nullable: true })
  contactMessageId: string | null;

  @ManyToOne(() => ContactMessage, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'contactMessageId', foreignKeyConstraintName: 'FK_follow_ups_contactMessage' })
  contactMessage?: Relation<ContactMessage> | null;

  @Column({ type: 'timestamptz' })
  dueAt: Date;

  @Column({ type: 'varchar', length: 16 })
  kind: FollowUpKind;

  @Column({ type: 'text', nullable: true })
  note: string | null;

  @Column({ type: 'text', nullable: true })
  result: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  doneAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
