import type { Response } from 'express';
import type { ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { applyListQuery, contentRange, type ListSpec, parseListQuery, type RawListQuery } from './list-query';

export interface Page<T> {
  rows: T[];
  offset: number;
  total: number;
}

/**
 * One page of a resource. `from` starts the query (a join or a computed column added by the resource); the
 * filter, order, offset and limit come from the parsed list query.
 */
export async function listPage<T extends ObjectLiteral>(
  repository: Repository<T>,
  spec: ListSpec,
  raw: RawListQuery,
  from: (query: SelectQueryBuilder<T>) => SelectQueryBuilder<T> = (query) => query,
): Promise<Page<T>> {
  const list = parseListQuery(raw, spec);
  const query = applyListQuery(from(repository.createQueryBuilder(spec.alias)), spec, list).offset(list.offset).limit(list.limit);
  const [rows, total] = await query.getManyAndCount();
  return { rows, offset: list.offset, total };
}

/** Sets react-admin's Content-Range for a page and returns its rows mapped to responses. */
export function pageOf<T, R>(response: Response, resource: string, page: Page<T>, map: (row: T) => R): { success: true; data: R[] } {
  response.setHeader('Content-Range', contentRange(resource, page.offset, page.rows.length, page.total));
  return { success: true, data: page.rows.map(map) };
}
