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
  const rows = list.offset >= DEFERRED_READ_OFFSET ? await deepPage(repository, spec, list, matching()) : await matching().offset(list.offset).limit(list.limit).getMany();
  return { rows, offset: list.offset, ...(await boundedTotal(matching(), list, rows.length)) };
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
 * How many rows match, without reading every one of them on every page: a page that is not full ends the list;
 * otherwise rows are counted up to `exactLimit` (EXACT_COUNT_LIMIT; an index walk that stops there), and past it the planner's
 * estimate of the filtered query is the total, flagged as such.
 */
export async function boundedTotal<T extends ObjectLiteral>(
  matching: SelectQueryBuilder<T>,
  list: Pick<ListQuery, 'offset' | 'limit'>,
  rowsOnPage: number,
  exactLimit = EXACT_COUNT_LIMIT
): Promise<Pick<Page<T>, 'total' | 'totalIsEstimate'>> {
  if (rowsOnPage > 0 && rowsOnPage < list.limit) return { total: list.offset + rowsOnPage, totalIsEstimate: false };
  if (rowsOnPage === 0 && list.offset === 0) return { total: 0, totalIsEstimate: false };
  const [sql, parameters] = matching.select('1').orderBy().getQueryAndParameters();
  const manager = matching.connection.manager;
  const [{ counted }] = await manager.query(`SELECT count(*)::int AS counted FROM (${sql} LIMIT ${exactLimit + 1}) AS matching`, parameters);
  if (counted <= exactLimit) return { total: counted, totalIsEstimate: false };
  const [{ 'QUERY PLAN': plan }] = await manager.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
  const estimate = Math.round(Number(plan[0].Plan['Plan Rows']));
  return { total: Math.max(estimate, counted, list.offset + rowsOnPage), totalIsEstimate: true };
}

/** Sets react-admin's Content-Range (and the estimate flag) for a page and returns its rows mapped to responses. */
export function pageOf<T, R>(response: Response, resource: string, page: Page<T>, map: (row: T) => R): { success: true; data: R[] } {
  response.setHeader('Content-Range', contentRange(resource, page.offset, page.rows.length, page.total));
  if (page.totalIsEstimate) response.setHeader(LIST_TOTAL_ESTIMATED_HEADER, 'true');
  return { success: true, data: page.rows.map(map) };
}
