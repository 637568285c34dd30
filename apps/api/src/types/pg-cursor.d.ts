// pg-cursor ships no types: the part of its API the CSV export uses (common/export/database-rows.ts).
declare module 'pg-cursor' {
  import type { Submittable } from 'pg';

  class Cursor<Row = Record<string, unknown>> implements Submittable {
    constructor(text: string, values?: unknown[]);
    submit: Submittable['submit'];
    /** The next `rows` rows; fewer (or none) at the end. Rejects once the query or its connection failed. */
    read(rows: number): Promise<Row[]>;
    close(): Promise<void>;
  }
  export = Cursor;
}
