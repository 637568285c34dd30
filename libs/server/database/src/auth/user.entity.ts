import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * Back-office login. Only administrators exist today (docs/product/README.md#first-administrator): the first
 * one may sign up, later ones cannot.
 */
@Entity('users')
@Unique('UQ_users_email', ['email'])
// One administrator at most, across every process (docs/product/README.md#first-administrator): only one row
// may have isAdmin true.
@Index('UQ_users_single_admin', ['isAdmin'], { unique: true, where: '"isAdmin"' })
export class User {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_users' })
  id: string;

  /** Unique as stored: normalise (lower-case) before saving and before looking up. */
  @Column({ type: 'varchar', length: 255 })
  email: string;

  @Column({ type: 'varchar', length: 255, comment: 'password hash, never the plain password' })
  password: string;

  @Column({ type: 'boolean', default: false })
  isAdmin: boolean;

  /** Set on the administrator seeded from ADMIN_INITIAL_PASSWORD; cleared by the first password change. */
  @Column({ type: 'boolean', default: false })
  mustChangePassword: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
