import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A public sign-up for the bootcamp (registration form). */
@Entity('registrations')
// DESC in the migration; TypeORM compares index names and columns only.
@Index('IDX_registrations_createdAt', ['createdAt'])
export class Registration {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_registrations' })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 255 })
  phone: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 255 })
  school: string;

  @Column({ type: 'varchar', length: 255 })
  major: string;

  @Column({ type: 'text', nullable: true })
  goals: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
