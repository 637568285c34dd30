import {
  type DuplicateGroup,
  type DuplicateReason,
  type DuplicateRecord,
  type LeadMergeField,
  type LeadMergeRequest,
  type LeadMergeResource,
  type LeadMergeSummary,
  type LeadSource,
  maskPhone,
  REGISTRATION_ONLY_MERGE_FIELDS,
} from '@aipm/contracts';
import type { LeadMergeImage } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { LeadError } from '../../leads/lead.error';
import { DUPLICATES_SQL } from './duplicates.sql';

const TABLE: Record<LeadMergeResource, 'registrations' | 'contact_messages'> = { registrations: 'registrations', contact: 'contact_messages' };
/** The lead_merges column naming each side, by role and kind. */
const SIDE_COLUMN = {
  survivor: { registrations: 'survivorRegistrationId', contact: 'survivorMessageId' },
  merged: { registrations: 'mergedRegistrationId', contact: 'mergedMessageId' },
} as const;

/** A lead row as a whole (to_jsonb), without the search grams a trigger derives from the other columns. */
type LeadImage = Record<string, unknown> & { id: string; createdAt: string; source: LeadSource | null; mergeId: string | null };

/** A record of a group as the statement reads it: the contract's, with why it matched and its time as a Date. */
type DuplicateRow = Omit<DuplicateRecord, 'createdAt'> & { reason: DuplicateReason; key: string; createdAt: Date };

interface MergeRow {
  id: string;
  survivorRegistrationId: string | null;
  survivorMessageId: string | null;
  mergedRegistrationId: string | null;
  mergedMessageId: string | null;
  before: LeadMergeImage;
  after: LeadMergeImage;
  createdAt: Date;
  undoneAt: Date | null;
}

/** The whole row of `table` in a query over it, as jsonb, less the grams (derived, and not the app's to write). */
const imageOf = (table: string) => `to_jsonb("${table}") - 'searchGrams' - 'phoneGrams'`;

/**
 * Duplicates merged, reversibly (docs/product/back-office.md#duplicates, ADR 072). A merge keeps both rows: the
 * survivor takes the fields chosen side by side and the earliest first touch, the merged lead keeps its own history
 * (its consent, calls and notes stay on it) and leaves the lists by pointing at the merge. The merge keeps both
 * rows before and after; the undo writes the before back, every column, when it finds both as the merge left them.
 */
@Injectable()
export class LeadMergesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The groups of likely duplicates, newest first, phones masked; a pair matched by two keys is one group. */
  async duplicates(): Promise<DuplicateGroup[]> {
    const rows: DuplicateRow[] = await this.dataSource.query(DUPLICATES_SQL);
    const byKey = new Map<string, { reason: DuplicateReason; records: DuplicateRecord[] }>();
    for (const row of rows) {
      const key = `${row.reason}\u0000${row.key}`;
      if (!byKey.has(key)) byKey.set(key, { reason: row.reason, records: [] });
      byKey.get(key)!.records.push(toDuplicateRecord(row));
    }
    const groups = new Map<string, DuplicateGroup>();
    for (const { reason, records } of byKey.values()) {
      const members = records.map((record) => `${record.resource}:${record.id}`).join(',');
      const group = groups.get(members);
      if (group) group.reasons.push(reason);
      else groups.set(members, { reasons: [reason], records });
    }
    return [...groups.values()];
  }

  /** Folds `merged` into `survivor` in one transaction; refuses itself, a lead already merged, or one others were merged into. */
  async merge(request: LeadMergeRequest): Promise<LeadMergeSummary> {
    const survivor = { resource: request.survivorResource, id: request.survivorId };
    const merged = { resource: request.mergedResource, id: request.mergedId };
    if (survivor.resource === merged.resource && survivor.id === merged.id) throw new LeadError('LEAD_MERGE_SELF');
    const fields = [...new Set(request.fields ?? [])];
    if (!(survivor.resource === 'registrations' && merged.resource === 'registrations') && fields.some((field) => REGISTRATION_ONLY_MERGE_FIELDS.includes(field))) {
      throw new LeadError('LEAD_MERGE_FIELD_NOT_SHARED');
    }
    return this.dataSource.transaction(async (manager) => {
      // Both rows locked in one order (by id), so two merges of the same pair cannot deadlock.
      const mergedFirst = merged.id < survivor.id;
      const mergedBefore = mergedFirst ? await lockedImage(manager, merged.resource, merged.id) : null;
      const survivorBefore = await lockedImage(manager, survivor.resource, survivor.id);
      const mergedImage = mergedBefore ?? (await lockedImage(manager, merged.resource, merged.id));
      if (survivorBefore.mergeId !== null || mergedImage.mergeId !== null) throw new LeadError('LEAD_ALREADY_MERGED');
      if (await hasMergedRecords(manager, merged.resource, merged.id)) throw new LeadError('LEAD_HAS_MERGED_RECORDS');

      const [inserted]: Array<{ id: string; createdAt: Date }> = await manager.query(
        `INSERT INTO "lead_merges" ("${SIDE_COLUMN.survivor[survivor.resource]}", "${SIDE_COLUMN.merged[merged.resource]}", "before", "after")
         VALUES ($1, $2, $3, $3) RETURNING "id", "createdAt"`,
        [survivor.id, merged.id, { survivor: survivorBefore, merged: mergedImage } satisfies LeadMergeImage],
      );
      const changes = survivorChanges(survivorBefore, mergedImage, fields);
      const columns = Object.keys(changes);
      if (columns.length > 0) {
        await manager.query(
          `UPDATE "${TABLE[survivor.resource]}" SET ${columns.map((column, index) => `"${column}" = $${index + 2}`).join(', ')} WHERE "id" = $1`,
          [survivor.id, ...columns.map((column) => changes[column])],
        );
      }
      await manager.query(`UPDATE "${TABLE[merged.resource]}" SET "mergeId" = $2 WHERE "id" = $1`, [merged.id, inserted!.id]);
      const after: LeadMergeImage = { survivor: await lockedImage(manager, survivor.resource, survivor.id), merged: await lockedImage(manager, merged.resource, merged.id) };
      await manager.query(`UPDATE "lead_merges" SET "after" = $2 WHERE "id" = $1`, [inserted!.id, after]);
      return { id: inserted!.id, survivor, merged, createdAt: new Date(inserted!.createdAt).toISOString(), undoneAt: null };
    });
  }

  /**
   * Writes both rows back as they were before the merge, every column; refused when either changed since (a later
   * edit, another merge into the survivor) or the merge was undone already.
   */
  async undo(id: string): Promise<LeadMergeSummary> {
    return this.dataSource.transaction(async (manager) => {
      const [merge]: MergeRow[] = await manager.query(`SELECT * FROM "lead_merges" WHERE "id" = $1 FOR UPDATE`, [id]);
      if (!merge) throw new LeadError('LEAD_MERGE_NOT_FOUND');
      if (merge.undoneAt) throw new LeadError('LEAD_MERGE_ALREADY_UNDONE');
      const { survivor, merged } = sidesOf(merge);
      for (const [side, role] of [[survivor, 'survivor'], [merged, 'merged']] as const) {
        const [row]: Array<{ same: boolean }> = await manager.query(
          `SELECT (${imageOf(TABLE[side.resource])}) = $2::jsonb AS "same" FROM "${TABLE[side.resource]}" WHERE "id" = $1 FOR UPDATE`,
          [side.id, merge.after[role]],
        );
        if (!row?.same) throw new LeadError('LEAD_MERGE_STALE');
      }
      await restore(manager, survivor.resource, merge.before.survivor);
      await restore(manager, merged.resource, merge.before.merged);
      // An UPDATE answers [rows, affected count] through TypeORM's postgres driver.
      const [[undone]] = await manager.query<[Array<{ undoneAt: Date }>, number]>(`UPDATE "lead_merges" SET "undoneAt" = now() WHERE "id" = $1 RETURNING "undoneAt"`, [id]);
      return { id, survivor, merged, createdAt: new Date(merge.createdAt).toISOString(), undoneAt: new Date(undone!.undoneAt).toISOString() };
    });
  }
}

async function lockedImage(manager: EntityManager, resource: LeadMergeResource, id: string): Promise<LeadImage> {
  const table = TABLE[resource];
  const [row]: Array<{ image: LeadImage }> = await manager.query(`SELECT ${imageOf(table)} AS "image" FROM "${table}" WHERE "id" = $1 FOR UPDATE`, [id]);
  if (!row) throw new LeadError('LEAD_NOT_FOUND');
  return row.image;
}

/** Whether leads stand merged into this one: folding it away too would hide them behind a hidden lead. */
async function hasMergedRecords(manager: EntityManager, resource: LeadMergeResource, id: string): Promise<boolean> {
  const [row]: Array<{ found: boolean }> = await manager.query(
    `SELECT EXISTS (SELECT 1 FROM "lead_merges" WHERE "${SIDE_COLUMN.survivor[resource]}" = $1 AND "undoneAt" IS NULL) AS "found"`,
    [id],
  );
  return row!.found;
}

/**
 * What the survivor takes: the fields chosen from the merged lead, and the person's first touch, the source of
 * whichever of the two came first (a lead without one does not count).
 */
export function survivorChanges(survivor: LeadImage, merged: LeadImage, fields: readonly LeadMergeField[]): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const field of fields) {
    if ((merged[field] ?? null) !== (survivor[field] ?? null)) changes[field] = merged[field] ?? null;
  }
  const withSource = [survivor, merged].filter((row) => row.source !== null).sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const first = withSource[0];
  if (first && first === merged && JSON.stringify(merged.source) !== JSON.stringify(survivor.source)) changes['source'] = merged.source;
  return changes;
}

/** Every column of the image written back as stored (jsonb_populate_record casts each to its column's type). */
async function restore(manager: EntityManager, resource: LeadMergeResource, image: Record<string, unknown>): Promise<void> {
  const table = TABLE[resource];
  const columns = Object.keys(image).filter((column) => column !== 'id');
  // The names are the table's own (the image is to_jsonb of its row); checked anyway before they reach SQL.
  if (columns.some((column) => !/^[A-Za-z]+$/.test(column))) throw new Error(`unexpected column in a merge image of ${table}`);
  const list = columns.map((column) => `"${column}"`).join(', ');
  await manager.query(`UPDATE "${table}" SET (${list}) = (SELECT ${list} FROM jsonb_populate_record(NULL::"${table}", $2::jsonb)) WHERE "id" = $1`, [image['id'], image]);
}

function sidesOf(merge: MergeRow): { survivor: { resource: LeadMergeResource; id: string }; merged: { resource: LeadMergeResource; id: string } } {
  return {
    survivor: merge.survivorRegistrationId ? { resource: 'registrations', id: merge.survivorRegistrationId } : { resource: 'contact', id: merge.survivorMessageId! },
    merged: merge.mergedRegistrationId ? { resource: 'registrations', id: merge.mergedRegistrationId } : { resource: 'contact', id: merge.mergedMessageId! },
  };
}

function toDuplicateRecord(row: DuplicateRow): DuplicateRecord {
  return {
    resource: row.resource,
    id: row.id,
    name: row.name,
    phone: maskPhone(row.phone),
    email: row.email,
    school: row.school,
    major: row.major,
    goals: row.goals,
    note: row.note,
    status: row.status,
    source: row.source,
    consented: row.consented,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
