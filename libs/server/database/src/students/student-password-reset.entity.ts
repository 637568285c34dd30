import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation, Unique } from 'typeorm';
import { StudentAccount } from './student-account.entity';

/**
 * A one-time password-reset link for a student login, made by the administrator (docs/product/student-portal.md,
 * ADR 061). Only the SHA-256 of the token is kept: the link itself is shown once and never stored.
 */
@Entity('student_password_resets')
@Unique('UQ_student_password_resets_tokenHash', ['tokenHash'])
@Index('IDX_student_password_resets_accountId', ['accountId'])
export class StudentPasswordReset {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_student_password_resets' })
  id: string;

  @Column({ type: 'uuid' })
  accountId: string;

  @ManyToOne(() => StudentAccount, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'accountId', foreignKeyConstraintName: 'FK_student_password_resets_account' })
  account?: Relation<StudentAccount>;

  /** Hex SHA-256 of the token. */
  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  /** The administrator who made it. */
  @Column({ type: 'uuid', nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
