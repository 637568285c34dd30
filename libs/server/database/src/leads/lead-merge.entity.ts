import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ContactMessage } from './contact-message.entity';
import { Registration } from './registration.entity';

/** Both lead rows of a merge as whole rows of their table (to_jsonb), without the trigger-kept search grams. */
export interface LeadMergeImage {
  survivor: Record<string, unknown>;
  merged: Record<string, unknown>;
}

/**
 * One lead merged into another (ADR 072, docs/product/back-office.md#duplicates). Both rows stay; this keeps them as
 * they were before (what the undo writes back) and as the merge left them (an undo after a later change is stale).
 * Deleting either lead deletes the merge with its copies of their data.
 */
@Entity('lead_merges')
@Check('CHK_lead_merges_survivor', `num_nonnulls("survivorRegistrationId", "survivorMessageId") = 1`)
@Check('CHK_lead_merges_merged', `num_nonnulls("mergedRegistrationId", "mergedMessageId") = 1`)
@Index('IDX_lead_merges_survivorRegistrationId', ['survivorRegistrationId'])
@Index('IDX_lead_merges_survivorMessageId', ['survivorMessageId'])
@Index('IDX_lead_merges_mergedRegistrationId', ['mergedRegistrationId'])
@Index('IDX_lead_merges_mergedMessageId', ['mergedMessageId'])
export class LeadMerge {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_lead_merges' })
  id: string;

  @Column({ type: 'uuid', nullable: true })
  survivorRegistrationId: string | null;

  @ManyToOne(() => Registration, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'survivorRegistrationId', foreignKeyConstraintName: 'FK_lead_merges_survivorRegistration' })
  survivorRegistration?: Registration | null;

  @Column({ type: 'uuid', nullable: true })
  survivorMessageId: string | null;

  @ManyToOne(() => ContactMessage, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'survivorMessageId', foreignKeyConstraintName: 'FK_lead_merges_survivorMessage' })
  survivorMessage?: ContactMessage | null;

  @Column({ type: 'uuid', nullable: true })
  mergedRegistrationId: string | null;

  @ManyToOne(() => Registration, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'mergedRegistrationId', foreignKeyConstraintName: 'FK_lead_merges_mergedRegistration' })
  mergedRegistration?: Registration | null;

  @Column({ type: 'uuid', nullable: true })
  mergedMessageId: string | null;

  @ManyToOne(() => ContactMessage, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'mergedMessageId', foreignKeyConstraintName: 'FK_lead_merges_mergedMessage' })
  mergedMessage?: ContactMessage | null;

  /** Both rows before the merge: what the undo restores, every column. */
  @Column({ type: 'jsonb' })
  before: LeadMergeImage;

  /** Both rows as the merge left them: an undo finds them so, or refuses. */
  @Column({ type: 'jsonb' })
  after: LeadMergeImage;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  undoneAt: Date | null;
}
