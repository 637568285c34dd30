import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

/**
 * Key/value settings, e.g. the crawler config (zhaopin_cookie, request_delay, …). Rows are optional:
 * the application supplies the defaults of docs/product/data-model.md#settings for keys that have no row.
 */
@Entity('admin_config')
@Unique('UQ_admin_config_key', ['key'])
export class AdminConfig {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_admin_config' })
  id: string;

  @Column({ type: 'varchar', length: 255 })
  key: string;

  @Column({ type: 'text' })
  value: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
