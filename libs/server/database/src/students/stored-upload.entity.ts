import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A file the upload confirm step put in storage (ADR 036): step 1 records the uploader's file name under the key
 * (ADR 045), the confirm claims the key before the checked object is moved there, and marks it confirmed once its
 * size and type passed. Records (a student's photo and contract
 * files, a contract's file) may point only at confirmed keys; the folder of the key is the upload's kind.
 */
@Entity('stored_uploads')
export class StoredUpload {
  /** contracts/<uuid>.<ext> or photos/<uuid>.<ext>. */
  @PrimaryColumn({ type: 'varchar', length: 128, primaryKeyConstraintName: 'PK_stored_uploads' })
  key: string;

  /** The uploader's file name, recorded by step 1 (ADR 045): what a student file is shown by. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  originalName: string | null;

  /** Set by the confirm that claimed the key; null for a link handed out by step 1 and not confirmed yet. */
  @Column({ type: 'timestamptz', nullable: true })
  claimedAt: Date | null;

  /** Bytes and content type, as the confirm step checked them. */
  @Column({ type: 'integer', nullable: true })
  size: number | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  contentType: string | null;

  /** Null while a confirm is moving and checking the object; a claim left null is swept after a day. */
  @Column({ type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
