import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

/**
 * What a page looks like when shared inside WeChat; lengths follow docs/product/wechat.md#share-settings-rules
 * (title ≤ 100, description ≤ 200).
 */
@Entity('wechat_share_config')
@Unique('UQ_wechat_share_config_pageUrl', ['pageUrl'])
export class WechatShareConfig {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_wechat_share_config' })
  id: string;

  @Column({ type: 'text' })
  pageUrl: string;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  @Column({ type: 'varchar', length: 200 })
  description: string;

  @Column({ type: 'text' })
  imageUrl: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
