import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A file the upload confirm step put in storage (ADR 036): its key is claimed before the checked object is
 * moved there, and marked confirmed once its size and type passed. Records (a student's photo and contract
 * files, a contract's file) may point only at confirmed keys; the folder of the key is the upload's kind.
 */
@Entity('stored_uploads')
export class StoredUpload {
  /** contracts/<uuid>.<ext> or photos/<uuid>.<ext>. */
  @PrimaryColumn({ type: 'varchar', length: 128, primaryKeyConstraintName: 'PK_stored_uploads' })
  key: string;

  /** Null while a confirm is moving and checking the object; a claim left null is swept after a day. */
  @Column({ type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
