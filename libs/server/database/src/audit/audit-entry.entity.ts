import { AUDIT_ACTOR_KINDS, type AuditActorKind } from '@aipm/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { inValues } from '../common/sql-check';

/**
 * One administrator action that changed or revealed data (docs/product/back-office.md#audited-actions,
 * ADR 030). Append-only: a trigger of the migration refuses UPDATE, DELETE and TRUNCATE, so neither the app
 * nor a mistaken query can rewrite history. No foreign keys on purpose: an entry outlives the administrator
 * and the rows it names.
 */
@Entity('audit_log')
// (createdAt DESC, id DESC) in the migration: the screen's order; TypeORM compares names and columns only.
@Index('IDX_audit_log_createdAt_id', ['createdAt', 'id'])
@Index('IDX_audit_log_action_createdAt', ['action', 'createdAt'])
@Index('IDX_audit_log_entity_createdAt', ['entity', 'createdAt'])
@Index('IDX_audit_log_actorId_createdAt', ['actorId', 'createdAt'])
// What staff did to one record (the person page, ADR 071).
@Index('IDX_audit_log_entityId_createdAt', ['entityId', 'createdAt'])
@Check('CHK_audit_log_actorKind', inValues('actorKind', AUDIT_ACTOR_KINDS))
export class AuditEntry {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_audit_log' })
  id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** The administrator; null when nobody was signed in (a failed sign-in). */
  @Column({ type: 'uuid', nullable: true })
  actorId: string | null;

  /** Who acted: the administrator, or a student in their own realm (then actorId is the student login's id). */
  @Column({ type: 'varchar', length: 16, default: 'admin' })
  actorKind: AuditActorKind;

  /** The sign-in name at the time (or the one a failed sign-in tried): the entry reads alone. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  actorName: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  /** An AUDIT_ACTIONS code of @aipm/contracts; not a CHECK so adding a code needs no migration. */
  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ type: 'varchar', length: 32 })
  entity: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  entityId: string | null;

  @Column({ type: 'jsonb', nullable: true })
  before: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  after: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  details: Record<string, unknown> | null;
}
