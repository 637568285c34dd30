import { CONTACT_SUBJECTS, type ContactSubject } from '@aipm/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { inValues } from '../common/sql-check';

/** A consultation message from the public contact form. */
@Entity('contact_messages')
@Index('IDX_contact_messages_createdAt', ['createdAt'])
@Check('CHK_contact_messages_subject', inValues('subject', CONTACT_SUBJECTS))
export class ContactMessage {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_contact_messages' })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 255 })
  phone: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 32 })
  subject: ContactSubject;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
