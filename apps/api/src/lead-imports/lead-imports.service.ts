import {
  LEAD_IMPORT_LIMITS,
  type LeadImportBatchResponse,
  type LeadImportPlanResponse,
  type LeadImportPreviewResponse,
  type LeadImportSkipReason,
  maskPhone,
  suggestLeadImportMapping,
} from '@aipm/contracts';
import { LeadImportBatch } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { LeadImportError } from './lead-import.error';
import { readLeadImportFile, type LeadImportTable } from './lead-import-file';
import { checkMapping, type ImportCandidate, readRows } from './lead-import-plan';

/** An uploaded file as multer hands it over. */
export interface ImportFile {
  originalname: string;
  buffer: Buffer;
}

/** What importing a file would do, row by row. */
interface Plan {
  table: LeadImportTable;
  created: ImportCandidate[];
  merged: (ImportCandidate & { leadId: string })[];
  skipped: { line: number; reason: LeadImportSkipReason }[];
}

/**
 * The row as an import leaves it and as undo finds it, without the search grams (a trigger's copy of the same
 * columns): another change in between, a follow-up, a repeat sign-up, a later import, refuses the undo.
 */
const ROW_HASH = `md5((to_jsonb(r) - 'searchGrams' - 'phoneGrams')::text)`;

/** Imports one at a time: two at once would each plan against leads the other is creating. */
const IMPORT_LOCK = `SELECT pg_advisory_xact_lock(hashtext('lead_imports'))`;

/**
 * Leads from a CSV or XLSX file into the registrations (docs/product/back-office.md#lead-import, ADR 075): a preview
 * with the suggested mapping, a dry run, the import as one transaction, and its undo.
 */
@Injectable()
export class LeadImportsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async preview(file: ImportFile | undefined): Promise<LeadImportPreviewResponse> {
    const { name, table } = await this.read(file);
    return {
      fileName: name,
      format: table.format,
      headers: table.headers,
      rowCount: table.rows.length,
      suggestedMapping: suggestLeadImportMapping(table.headers),
      rows: table.rows.slice(0, LEAD_IMPORT_LIMITS.previewRows).map(({ cells }) => Object.fromEntries(table.headers.map((header, column) => [header, cells[column]!]))),
    };
  }

  async dryRun(file: ImportFile | undefined, rawMapping: unknown): Promise<LeadImportPlanResponse> {
    const { table } = await this.read(file);
    const plan = await this.plan(this.dataSource.manager, table, checkMapping(rawMapping, table.headers));
    const listed = LEAD_IMPORT_LIMITS.listedRows;
    return {
      rowCount: table.rows.length,
      created: plan.created.length,
      merged: plan.merged.length,
      skipped: plan.skipped.length,
      skippedByReason: countByReason(plan.skipped),
      skippedRows: plan.skipped.slice(0, listed),
      createdRows: plan.created.slice(0, listed).map(({ line, name, phone }) => ({ line, name, phone: maskPhone(phone) })),
      mergedRows: plan.merged.slice(0, listed).map(({ line, name, phone, leadId }) => ({ line, name, phone: maskPhone(phone), leadId })),
    };
  }

  /**
   * One transaction: the plan made again inside it (the dry run may be minutes old), the new leads inserted, the
   * merged ones updated with their before-image kept, the batch written. No row of a failed import stays, and no
   * imported lead rings the new-lead phone: nothing is written to its outbox.
   */
  async import(file: ImportFile | undefined, rawMapping: unknown, importedBy: string | null): Promise<LeadImportBatchResponse> {
    const { name, table } = await this.read(file);
    const mapping = checkMapping(rawMapping, table.headers);
    const id = await this.dataSource.transaction(async (manager) => {
      await manager.query(IMPORT_LOCK);
      const plan = await this.plan(manager, table, mapping);
      const [batch] = await manager.query<{ id: string }[]>(
        `INSERT INTO lead_import_batches ("fileName", mapping, "rowCount", created, merged, skipped, "skippedByReason", "importedBy")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [name, JSON.stringify(mapping), table.rows.length, plan.created.length, plan.merged.length, plan.skipped.length, JSON.stringify(countByReason(plan.skipped)), importedBy],
      );
      const batchId = batch!.id;
      await this.insertCreated(manager, batchId, plan.created);
      await this.mergeInto(manager, batchId, plan.merged);
      await manager.query(`UPDATE lead_import_rows x SET "afterHash" = ${ROW_HASH} FROM registrations r WHERE x."batchId" = $1 AND r.id = x."registrationId"`, [batchId]);
      return batchId;
    });
    return this.find(id);
  }

  /**
   * Undoes a batch in one transaction: refused when any of its leads changed since (the hash kept at import) or was
   * given a follow-up, else the merged leads get their before-image back and the created ones are deleted. A lead erased since is
   * gone from the batch (its row went with it) and stays gone.
   */
  async undo(id: string, undoneBy: string | null): Promise<LeadImportBatchResponse> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(IMPORT_LOCK);
      const [batch] = await manager.query<{ undoneAt: Date | null }[]>(`SELECT "undoneAt" FROM lead_import_batches WHERE id = $1 FOR UPDATE`, [id]);
      if (!batch) throw new LeadImportError('LEAD_IMPORT_NOT_FOUND');
      if (batch.undoneAt) throw new LeadImportError('LEAD_IMPORT_ALREADY_UNDONE');
      const [{ changed }] = await manager.query<{ changed: number }[]>(
        `SELECT count(*)::int AS changed FROM (
           SELECT r.id, x."afterHash", ${ROW_HASH} AS hash FROM lead_import_rows x JOIN registrations r ON r.id = x."registrationId"
           WHERE x."batchId" = $1 ORDER BY r.id FOR UPDATE OF r
         ) locked WHERE locked.hash <> locked."afterHash"`,
        [id],
      );
      if (changed > 0) throw new LeadImportError('LEAD_IMPORT_CHANGED_SINCE');
      // A follow-up scheduled since on one of its leads changes no registration row, but deleting a created lead
      // would take it along (FK_follow_ups_registration cascades): the batch has been worked on.
      const [{ followedUp }] = await manager.query<{ followedUp: number }[]>(
        `SELECT count(*)::int AS "followedUp" FROM follow_ups f JOIN lead_import_rows x ON x."registrationId" = f."registrationId"
         JOIN lead_import_batches b ON b.id = x."batchId" WHERE x."batchId" = $1 AND f."createdAt" >= b."createdAt"`,
        [id],
      );
      if (followedUp > 0) throw new LeadImportError('LEAD_IMPORT_CHANGED_SINCE');
      await manager.query(
        `UPDATE registrations r SET name = b.name, email = b.email, school = b.school, major = b.major, goals = b.goals, note = b.note, source = b.source
         FROM lead_import_rows x CROSS JOIN LATERAL jsonb_populate_record(NULL::registrations, x.before) b
         WHERE x."batchId" = $1 AND x.kind = 'merged' AND r.id = x."registrationId"`,
        [id],
      );
      await manager.query(`DELETE FROM registrations WHERE id IN (SELECT "registrationId" FROM lead_import_rows WHERE "batchId" = $1 AND kind = 'created')`, [id]);
      // The before-images are personal data with no more use.
      await manager.query(`DELETE FROM lead_import_rows WHERE "batchId" = $1`, [id]);
      await manager.query(`UPDATE lead_import_batches SET "undoneAt" = now(), "undoneBy" = $2 WHERE id = $1`, [id, undoneBy]);
    });
    return this.find(id);
  }

  async list(): Promise<LeadImportBatchResponse[]> {
    const batches = await this.dataSource.getRepository(LeadImportBatch).find({ order: { createdAt: 'DESC', id: 'DESC' }, take: 100 });
    return batches.map(toBatchResponse);
  }

  async find(id: string): Promise<LeadImportBatchResponse> {
    const batch = await this.dataSource.getRepository(LeadImportBatch).findOneBy({ id });
    if (!batch) throw new LeadImportError('LEAD_IMPORT_NOT_FOUND');
    return toBatchResponse(batch);
  }

  private async read(file: ImportFile | undefined): Promise<{ name: string; table: LeadImportTable }> {
    if (!file) throw new LeadImportError('LEAD_IMPORT_FILE_REQUIRED');
    return { name: (file.originalname || 'import').slice(0, 255), table: await readLeadImportFile(file.buffer) };
  }

  /**
   * A phone already on a registration merges into the earliest registration of that phone that stands (one merged
   * away is represented by the record it was merged into, ADR 072);
   * messages and students do not count, the person page joins them by phone.
   */
  private async plan(manager: EntityManager, table: LeadImportTable, mapping: ReturnType<typeof checkMapping>): Promise<Plan> {
    const { candidates, skipped } = readRows(table, mapping);
    const existing = await manager.query<{ id: string; phoneNormalized: string }[]>(
      `SELECT DISTINCT ON ("phoneNormalized") id, "phoneNormalized" FROM registrations
       WHERE "phoneNormalized" = ANY($1::varchar[]) AND "mergeId" IS NULL ORDER BY "phoneNormalized", "createdAt", id`,
      [candidates.map((candidate) => candidate.phoneNormalized)],
    );
    const leadOf = new Map(existing.map((row) => [row.phoneNormalized, row.id]));
    const created: Plan['created'] = [];
    const merged: Plan['merged'] = [];
    for (const candidate of candidates) {
      const leadId = leadOf.get(candidate.phoneNormalized);
      if (leadId) merged.push({ ...candidate, leadId });
      else created.push(candidate);
    }
    return { table, created, merged, skipped };
  }

  private async insertCreated(manager: EntityManager, batchId: string, rows: readonly ImportCandidate[]): Promise<void> {
    if (rows.length === 0) return;
    const column = <Key extends keyof ImportCandidate>(key: Key) => rows.map((row) => row[key]);
    await manager.query(
      `WITH inserted AS (
         INSERT INTO registrations (name, phone, "phoneNormalized", email, school, major, goals, note, source)
         SELECT * FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[], $8::text[], $9::text[], $10::jsonb[])
         RETURNING id, "phoneNormalized"
       )
       INSERT INTO lead_import_rows ("batchId", "registrationId", kind, line, "afterHash")
       SELECT $1, inserted.id, 'created', given.line, '' FROM inserted
       JOIN unnest($4::varchar[], $11::int[]) AS given("phoneNormalized", line) USING ("phoneNormalized")`,
      [
        batchId,
        column('name'),
        column('phone'),
        column('phoneNormalized'),
        column('email'),
        column('school'),
        column('major'),
        column('goals'),
        column('note'),
        rows.map((row) => JSON.stringify(row.source)),
        column('line'),
      ],
    );
  }

  /**
   * What merging a row means (ADR 075): the lead keeps what it has and takes what it lacks (email, school, major,
   * goals, a first-touch source), and the row's note is appended to its note. Name, phone, status and follow-up
   * stay the lead's.
   */
  private async mergeInto(manager: EntityManager, batchId: string, rows: readonly (ImportCandidate & { leadId: string })[]): Promise<void> {
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.leadId);
    await manager.query(`SELECT 1 FROM registrations WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [ids]);
    await manager.query(
      `INSERT INTO lead_import_rows ("batchId", "registrationId", kind, line, before, "afterHash")
       SELECT $1, r.id, 'merged', given.line, to_jsonb(r), '' FROM registrations r
       JOIN unnest($2::uuid[], $3::int[]) AS given(id, line) ON given.id = r.id`,
      [batchId, ids, rows.map((row) => row.line)],
    );
    await manager.query(
      `UPDATE registrations r SET
         email = COALESCE(r.email, given.email),
         school = CASE WHEN r.school = '' THEN given.school ELSE r.school END,
         major = CASE WHEN r.major = '' THEN given.major ELSE r.major END,
         goals = COALESCE(r.goals, given.goals),
         note = CASE WHEN given.note IS NULL THEN r.note WHEN COALESCE(r.note, '') = '' THEN given.note ELSE r.note || E'\\n' || given.note END,
         source = COALESCE(r.source, given.source)
       FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::varchar[], $5::text[], $6::text[], $7::jsonb[]) AS given(id, email, school, major, goals, note, source)
       WHERE r.id = given.id`,
      [
        ids,
        rows.map((row) => row.email),
        rows.map((row) => row.school),
        rows.map((row) => row.major),
        rows.map((row) => row.goals),
        rows.map((row) => row.note),
        rows.map((row) => JSON.stringify(row.source)),
      ],
    );
  }
}

function countByReason(skipped: readonly { reason: LeadImportSkipReason }[]): Partial<Record<LeadImportSkipReason, number>> {
  const counts: Partial<Record<LeadImportSkipReason, number>> = {};
  for (const { reason } of skipped) counts[reason] = (counts[reason] ?? 0) + 1;
  return counts;
}

function toBatchResponse(batch: LeadImportBatch): LeadImportBatchResponse {
  return {
    id: batch.id,
    fileName: batch.fileName,
    rowCount: batch.rowCount,
    created: batch.created,
    merged: batch.merged,
    skipped: batch.skipped,
    skippedByReason: batch.skippedByReason,
    importedBy: batch.importedBy,
    createdAt: batch.createdAt.toISOString(),
    undoneAt: batch.undoneAt?.toISOString() ?? null,
    undoneBy: batch.undoneBy,
  };
}
