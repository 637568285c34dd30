import { LIST_TOTAL_ESTIMATED_HEADER } from '@aipm/contracts';
import type { Response } from 'express';
import type { ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { applyListQuery, contentRange, type ListQuery, type ListSpec, parseListQuery, type RawListQuery } from './list-query';

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

/** One page of a resource: the filter, order, offset and limit come from the parsed list query. */
export async function listPage<T extends ObjectLiteral>(repository: Repository<T>, spec: ListSpec, raw: RawListQuery): Promise<Page<T>> {
  const list = parseListQuery(raw, spec);
  const matching = () => applyListQuery(repository.createQueryBuilder(spec.alias), spec, list);
  const rows = list.offset >= DEFERRED_READ_OFFSET ? deepPage(repository, spec, list, matching()) : matching().offset(list.offset).limit(list.limit).getMany();
  return { offset: list.offset, ...(await withBoundedTotal(rows, matching(), list)) };
}

/**
 * A page far down the list: OFFSET walks and throws away every row before it, so it walks the ids only (an
 * index-only scan of the list's order), then reads the page's rows by id.
 */
async function deepPage<T extends ObjectLiteral>(repository: Repository<T>, spec: ListSpec, list: ListQuery, matching: SelectQueryBuilder<T>): Promise<T[]> {
  const ids: string[] = (await matching.select(`${spec.alias}.id`, 'id').offset(list.offset).limit(list.limit).getRawMany<{ id: string }>()).map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await repository.createQueryBuilder(spec.alias).where(`${spec.alias}.id = ANY(:ids)`, { ids }).getMany();
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/**
 * A page and how many rows match, without reading every one of them on every page. The count runs on a second
 * pooled connection while the page is read (ADR 028 point 6): a full page waits for the slower of the two
 * instead of their sum. A page that is not full ends the list and its count is not needed; otherwise rows
 * are counted up to `exactLimit` (EXACT_COUNT_LIMIT; an index walk that stops there), and past it the planner's
 * estimate of the filtered query is the total, flagged as such.
 *
 * `matching` must not be bound to a transaction's query runner: the count takes its own connection.
 */
export async function withBoundedTotal<T extends ObjectLiteral, R>(
  page: Promise<R[]>,
  matching: SelectQueryBuilder<T>,
  list: Pick<ListQuery, 'offset' | 'limit'>,
  exactLimit = EXACT_COUNT_LIMIT
): Promise<{ rows: R[]; total: number; totalIsEstimate: boolean }> {
  const [sql, parameters] = matching.select('1').orderBy().getQueryAndParameters();
  const manager = matching.connection.manager;
  const counting = manager.query(`SELECT count(*)::int AS counted FROM (${sql} LIMIT ${exactLimit + 1}) AS matching`, parameters) as Promise<Array<{ counted: number }>>;
  // Both settle before anything is answered, so a failing count is never left unhandled.
  const [rows, [{ counted }]] = await Promise.all([page, counting]);
  if (rows.length > 0 && rows.length < list.limit) return { rows, total: list.offset + rows.length, totalIsEstimate: false };
  if (rows.length === 0 && list.offset === 0) return { rows, total: 0, totalIsEstimate: false };
  if (counted <= exactLimit) return { rows, total: counted, totalIsEstimate: false };
  const [{ 'QUERY PLAN': plan }] = await manager.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
  const estimate = Math.round(Number(plan[0].Plan['Plan Rows']));
  return { rows, total: Math.max(estimate, counted, list.offset + rows.length), totalIsEstimate: true };
}

/** Sets react-admin's Content-Range (and the estimate flag) for a page and returns its rows mapped to responses. */
export function pageOf<T, R>(response: Response, resource: string, page: Page<T>, map: (row: T) => R): { success: true; data: R[] } {
  response.setHeader('Content-Range', contentRange(resource, page.offset, page.rows.length, page.total));
  if (page.totalIsEstimate) response.setHeader(LIST_TOTAL_ESTIMATED_HEADER, 'true');
  return { success: true, data: page.rows.map(map) };
}
