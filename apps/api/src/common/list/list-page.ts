import { LIST_TOTAL_ESTIMATED_HEADER } from '@aipm/contracts';
import type { Response } from 'express';
import type { ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { applyListOrder, applyListQuery, contentRange, type ListQuery, type ListSpec, parseListQuery, type RawListQuery } from './list-query';

export interface Page<T> {
  rows: T[];
  offset: number;
  total: number;
  /** The total is the planner's estimate: more rows match than are worth counting (ADR 028). */
  totalIsEstimate: boolean;
}

/** Up to this many matching rows are counted exactly; beyond it the planner's estimate stands in (ADR 028). */
export const EXACT_COUNT_LIMIT = 10_000;
/** From this offset on, a page is found by walking the ids alone, then only its rows are read (ADR 028). */
export const DEFERRED_READ_OFFSET = 1_000;

/**
 * What a list adds to the statement that reads its page's rows (e.g. the students' paid totals as a correlated
 * subquery): one round trip answers both, instead of a second query for the page's ids. It adds selects (and
 * their parameters) to the query of the rows, whose alias is the spec's; `Page.extras` then holds each row's
 * raw result, in the rows' order.
 */
export type PageExtension<T extends ObjectLiteral> = (rows: SelectQueryBuilder<T>) => SelectQueryBuilder<T>;

/**
 * One page of a resource: the filter, order, offset and limit come from the parsed list query. `exactLimit` is
 * EXACT_COUNT_LIMIT but in tests, which show every case of the total on a few thousand rows.
 */
export async function listPage<T extends ObjectLiteral>(
  repository: Repository<T>,
  spec: ListSpec,
  raw: RawListQuery,
  extend?: PageExtension<T>,
  exactLimit = EXACT_COUNT_LIMIT
): Promise<Page<T> & { extras: Record<string, unknown>[] }> {
  const list = parseListQuery(raw, spec);
  const matching = () => applyListQuery(repository.createQueryBuilder(spec.alias), spec, list);
  if (list.filter.q) return searchPage(repository, spec, list, matching, extend, exactLimit);
  const reading = readPage(repository, spec, list, matching, extend);
  const counted = await withBoundedTotal(
    reading.then((page) => page.rows),
    matching(),
    list,
    exactLimit
  );
  return { offset: list.offset, ...counted, extras: (await reading).extras };
}

/** The page's rows: through OFFSET near the top of the list, through the ids alone further down. */
function readPage<T extends ObjectLiteral>(
  repository: Repository<T>,
  spec: ListSpec,
  list: ListQuery,
  matching: () => SelectQueryBuilder<T>,
  extend?: PageExtension<T>
): Promise<{ rows: T[]; extras: Record<string, unknown>[] }> {
  return list.offset >= DEFERRED_READ_OFFSET ? deepPage(repository, spec, list, matching(), extend) : readRows(spec, matching().offset(list.offset).limit(list.limit), extend);
}

/**
 * A `q` search (ADR 028 point 9). The grams' index hands the plan every matching row and the plan sorts them
 * all to find the page, so the same statement counts them (a window over the page's ids) instead of a second
 * statement running the search again. Only when the planner expects more matches than are worth counting is
 * the page read alone, with the estimate as its total: such a search is read in the list's order and stops at
 * the page. That choice needs the estimate before the page, so here it is asked first, not beside the page.
 */
async function searchPage<T extends ObjectLiteral>(
  repository: Repository<T>,
  spec: ListSpec,
  list: ListQuery,
  matching: () => SelectQueryBuilder<T>,
  extend: PageExtension<T> | undefined,
  exactLimit: number
): Promise<Page<T> & { extras: Record<string, unknown>[] }> {
  const estimate = await plannedRows(matching());
  if (estimate > exactLimit * ESTIMATE_TRUST_FACTOR) {
    const { rows, extras } = await readPage(repository, spec, list, matching, extend);
    return { offset: list.offset, ...settledTotal(rows, list, null, estimate, exactLimit), extras };
  }
  const a = spec.alias;
  const page = applyListOrder(
    repository
      .createQueryBuilder(a)
      .innerJoin((ids) => applyListQuery(ids.subQuery().from(repository.target, a), spec, list).select(`${a}.id`, 'id').addSelect('count(*) OVER ()', 'total').offset(list.offset).limit(list.limit), 'page', `page.id = ${a}.id`)
      .addSelect('page.total', 'page_total'),
    spec,
    list
  );
  const { rows, extras, raw } = await readRows(spec, page, extend);
  if (rows.length > 0) return { offset: list.offset, rows, total: Number(raw[0]!['page_total']), totalIsEstimate: false, extras };
  // No row carries the window's total. On the first page that means nothing matches; past the end of the
  // matches, and only there, the total is counted apart.
  const counted = list.offset === 0 ? null : await boundedCount(matching(), estimate, exactLimit);
  return { offset: list.offset, ...settledTotal(rows, list, counted, estimate, exactLimit), extras };
}

/** The rows of `query` and, with an extension, each row's raw result beside it (by id, in the rows' order). */
async function readRows<T extends ObjectLiteral>(
  spec: ListSpec,
  query: SelectQueryBuilder<T>,
  extend?: PageExtension<T>
): Promise<{ rows: T[]; extras: Record<string, unknown>[]; raw: Record<string, unknown>[] }> {
  const { entities, raw } = await (extend ? extend(query) : query).getRawAndEntities();
  if (!extend) return { rows: entities, extras: entities.map(() => ({})), raw };
  const byId = new Map(raw.map((row: Record<string, unknown>) => [row[`${spec.alias}_id`], row]));
  return { rows: entities, extras: entities.map((row) => byId.get(row.id) ?? {}), raw };
}

/**
 * A page far down the list: OFFSET walks and throws away every row before it, so it walks the ids only (an
 * index-only scan of the list's order), then reads the page's rows by id.
 */
async function deepPage<T extends ObjectLiteral>(
  repository: Repository<T>,
  spec: ListSpec,
  list: ListQuery,
  matching: SelectQueryBuilder<T>,
  extend?: PageExtension<T>
): Promise<{ rows: T[]; extras: Record<string, unknown>[] }> {
  const ids: string[] = (await matching.select(`${spec.alias}.id`, 'id').offset(list.offset).limit(list.limit).getRawMany<{ id: string }>()).map((row) => row.id);
  if (ids.length === 0) return { rows: [], extras: [] };
  const read = await readRows(spec, repository.createQueryBuilder(spec.alias).where(`${spec.alias}.id = ANY(:ids)`, { ids }), extend);
  const position = new Map(ids.map((id, index) => [id, index]));
  const order = read.rows.map((row, index) => index).sort((a, b) => position.get(read.rows[a]!.id)! - position.get(read.rows[b]!.id)!);
  return { rows: order.map((index) => read.rows[index]!), extras: order.map((index) => read.extras[index]!) };
}

/**
 * Beyond this many times EXACT_COUNT_LIMIT (or the caller's limit) in the planner's estimate, the rows are not
 * counted at all: the estimate is the total. The margin absorbs the planner's error around the limit, so a
 * filter it guesses at 12,000 that really matches 9,000 is still counted exactly (ADR 028 point 6).
 */
export const ESTIMATE_TRUST_FACTOR = 1.5;

/**
 * A page and how many rows match, without reading every one of them on every page (ADR 028 point 6). The
 * planner's estimate of the filtered query is asked first, beside the page (planning only, no rows read): when
 * it is far above `exactLimit` it is the total, flagged as such, and nothing is counted; otherwise the matching
 * rows are counted up to `exactLimit` + 1 (an index walk that stops there), still beside the page, and an
 * estimate stands in only when that count overflows. A page that is not full ends the list: its own offset
 * and length are the exact total, whatever the estimate said.
 *
 * `matching` must not be bound to a transaction's query runner: the estimate and the count take their own
 * pooled connection while the page is read.
 */
export async function withBoundedTotal<T extends ObjectLiteral, R>(
  page: Promise<R[]>,
  matching: SelectQueryBuilder<T>,
  list: Pick<ListQuery, 'offset' | 'limit'>,
  exactLimit = EXACT_COUNT_LIMIT
): Promise<{ rows: R[]; total: number; totalIsEstimate: boolean }> {
  const totalOfMatching = async (): Promise<{ counted: number | null; estimate: number }> => {
    const estimate = await plannedRows(matching);
    return { counted: await boundedCount(matching, estimate, exactLimit), estimate };
  };
  // Both settle before anything is answered, so a failing estimate or count is never left unhandled.
  const [rows, { counted, estimate }] = await Promise.all([page, totalOfMatching()]);
  return settledTotal(rows, list, counted, estimate, exactLimit);
}

/** The rows `matching` finds, counted up to `exactLimit` + 1; none (null) when the estimate is far above the limit. */
async function boundedCount<T extends ObjectLiteral>(matching: SelectQueryBuilder<T>, estimate: number, exactLimit: number): Promise<number | null> {
  if (estimate > exactLimit * ESTIMATE_TRUST_FACTOR) return null;
  const [sql, parameters] = matching.clone().select('1').orderBy().getQueryAndParameters();
  const [{ counted }] = await matching.connection.manager.query(`SELECT count(*)::int AS counted FROM (${sql} LIMIT ${exactLimit + 1}) AS matching`, parameters);
  return counted;
}

/** The planner's estimate of the rows `matching` finds: planning only, no row is read. */
async function plannedRows<T extends ObjectLiteral>(matching: SelectQueryBuilder<T>): Promise<number> {
  const [sql, parameters] = matching.clone().select('1').orderBy().getQueryAndParameters();
  const [{ 'QUERY PLAN': plan }] = await matching.connection.manager.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
  return Math.round(Number(plan[0].Plan['Plan Rows']));
}

/**
 * The total a page announces, from what is known of it: a page that is not full ends the list, so its own offset
 * and length are the exact total; otherwise the count when it stayed within `exactLimit`, or else the estimate.
 */
function settledTotal<R>(
  rows: R[],
  list: Pick<ListQuery, 'offset' | 'limit'>,
  counted: number | null,
  estimate: number,
  exactLimit: number
): { rows: R[]; total: number; totalIsEstimate: boolean } {
  if (rows.length > 0 && rows.length < list.limit) return { rows, total: list.offset + rows.length, totalIsEstimate: false };
  if (rows.length === 0 && list.offset === 0) return { rows, total: 0, totalIsEstimate: false };
  if (counted !== null && counted <= exactLimit) return { rows, total: counted, totalIsEstimate: false };
  return { rows, total: Math.max(estimate, counted ?? 0, list.offset + rows.length), totalIsEstimate: true };
}

/** Sets react-admin's Content-Range (and the estimate flag) for a page and returns its rows mapped to responses. */
export function pageOf<T, R>(response: Response, resource: string, page: Page<T>, map: (row: T) => R): { success: true; data: R[] } {
  response.setHeader('Content-Range', contentRange(resource, page.offset, page.rows.length, page.total));
  if (page.totalIsEstimate) response.setHeader(LIST_TOTAL_ESTIMATED_HEADER, 'true');
  return { success: true, data: page.rows.map(map) };
}
