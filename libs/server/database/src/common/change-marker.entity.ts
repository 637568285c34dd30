import { Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One committed change to a table the guarantee ledger or the outcomes report reads (ADR 055): rows are added by the
 * statement triggers of migration ChangeMarkers, never by the application, which reads their count and last id.
 */
@Entity('change_markers')
export class ChangeMarker {
  @PrimaryGeneratedColumn('increment', { type: 'bigint', primaryKeyConstraintName: 'PK_change_markers' })
  id: string;
}
