import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The express-session store of connect-pg-simple, shaped exactly like its table.sql
 * (names included) so the store works with `createTableIfMissing: false`. Only the store writes it.
 */
@Entity('session')
@Index('IDX_session_expire', ['expire'])
export class Session {
  @PrimaryColumn({ type: 'varchar', primaryKeyConstraintName: 'session_pkey' })
  sid: string;

  @Column({ type: 'json' })
  sess: Record<string, unknown>;

  /** `timestamp(6)` without time zone, as connect-pg-simple's table.sql declares it. */
  @Column({ type: 'timestamp', precision: 6 })
  expire: Date;
}
