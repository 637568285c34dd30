import { Brackets, type SelectQueryBuilder } from 'typeorm';
import { InvalidInputError } from '../errors/api.error';
import { unsafeInputCode } from '../input/unsafe-input';

/*
 * react-admin simple-rest lists of the back office (leads, students, contracts, payments, accounts): one parser
 * of `range`, `sort` and `filter`, driven by each resource's ListSpec.
 */

/** The largest page a list answers; react-admin asks for 10 to 50. */
export const MAX_PAGE_SIZE = 500;
/**
 * The last row a `range` may start from (the crawl results' `offset` has the same bound). JSON numbers reach
 * 1e308 and PostgreSQL's OFFSET stops at 2^63 - 1: past it the statement failed ("bigint out of range", a 500).
 */
export const MAX_LIST_OFFSET = 1_000_000_000;
const DEFAULT_RANGE: [number, number] = [0, 24];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** react-admin simple-rest list parameters, as the query string carries them (JSON in each). */
export interface RawListQuery {
  range?: unknown;
  sort?: unknown;
  filter?: unknown;
}

export interface ListFilter {
  q?: string;
  status?: string[];
  /** Extra enum filters of the resource (ListSpec.enumFilters), by column. */
  enums: Record<string, string[]>;
  /** Equality filters on uuid columns (ListSpec.uuidFilters), e.g. studentId. */
  uuids: Record<string, string>;
  createdAtFrom?: Date;
  /** Exclusive. */
  createdAtBefore?: Date;
  ids?: string[];
}

export interface ListQuery {
  offset: number;
  limit: number;
  sortField: string;
  sortOrder: 'ASC' | 'DESC';
  filter: ListFilter;
}

/** What one resource allows: sortable fields (API name → column) and its filters. */
export interface ListSpec {
  alias: string;
  sortable: readonly string[];
  /** Columns the `q` filter searches. */
  searchable: readonly string[];
  /** `q` also matches the digits of the resource's "phoneNormalized" column ("138 1234" finds +8613812345678). */
  phoneDigits?: boolean;
  /**
   * The table keeps the grams of its `searchable` columns in "searchGrams" and of its normalised phone in
   * "phoneGrams", both indexed (migration ListsAtScale, ADR 028): `q` reads the indexes instead of every row.
   */
  searchIndexed?: boolean;
  /** Values of the resource's `status` filter; without it `status` is not a filter of the resource. */
  statuses?: readonly string[];
  /** Extra enum filters of the resource, e.g. subject → its values. */
  enumFilters?: Record<string, readonly string[]>;
  /** uuid columns a filter may equal, e.g. a student's payments. */
  uuidFilters?: readonly string[];
  /** The order without a `sort`; createdAt newest first unless the resource says otherwise. */
  defaultSort?: [string, 'ASC' | 'DESC'];
  /** A condition every row of the list and its export meets, whatever the filter: leads merged away are not listed (ADR 072). */
  always?: string;
}


function invalid(field: string, message?: string): never {
  if (message === undefined) throw InvalidInputError.forField(field, 'INVALID_LIST_QUERY');
  // The code stays the catalog's; the message names the bound the client crossed (ADR 013).
  throw new InvalidInputError({ errors: { [field]: message }, fieldCodes: { [field]: 'INVALID_LIST_QUERY' } });
}

function parseJson(field: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') invalid(field);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return invalid(field);
  }
  // "\u0000" inside the JSON text becomes a NUL only now, after the request-wide check.
  const unsafe = unsafeInputCode(parsed);
  if (unsafe) throw InvalidInputError.forField(field, unsafe);
  return parsed;
}

/**
 * A date bound of the filter. A bare day (what react-admin's DateInput sends) is a Beijing-time calendar day:
 * "from" its start, "to" up to the next day's start, so `createdAt_lte=2025-08-13` includes that whole day.
 */
function parseBound(field: string, raw: unknown, end: boolean): Date {
  if (typeof raw !== 'string') return invalid(field);
  const bound = DATE_ONLY.test(raw) ? new Date(`${raw}T00:00:00+08:00`) : new Date(raw);
  // PostgreSQL's timestamptz has no year 0, and JavaScript's Date reaches years PostgreSQL refuses.
  if (Number.isNaN(bound.getTime()) || bound.getUTCFullYear() < 1900 || bound.getUTCFullYear() > 9999) invalid(field);
  if (!end) return bound;
  return new Date(bound.getTime() + (DATE_ONLY.test(raw) ? 24 * 60 * 60 * 1000 : 1));
}

function parseEnumList(field: string, raw: unknown, allowed: readonly string[]): string[] | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const values = Array.isArray(raw) ? raw : [raw];
  if (values.length === 0) return undefined;
  if (!values.every((value) => typeof value === 'string' && allowed.includes(value))) invalid(field);
  return values as string[];
}

/** Parses and checks `range`, `sort` and `filter`; anything it does not know is a 400, never ignored. */
export function parseListQuery(raw: RawListQuery, spec: ListSpec, options: { paged: boolean } = { paged: true }): ListQuery {
  const range = parseJson('range', raw.range) ?? DEFAULT_RANGE;
  if (
    !Array.isArray(range) ||
    range.length !== 2 ||
    !range.every((bound) => Number.isInteger(bound) && bound >= 0) ||
    range[1] < range[0]
  ) {
    invalid('range');
  }
  if (range[0] > MAX_LIST_OFFSET) invalid('range', `range 起始位置不能超过${MAX_LIST_OFFSET}`);
  if (range[1] - range[0] + 1 > MAX_PAGE_SIZE) invalid('range', `每页不能超过${MAX_PAGE_SIZE}条`);

  const sort = parseJson('sort', raw.sort) ?? spec.defaultSort ?? ['createdAt', 'DESC'];
  if (!Array.isArray(sort) || sort.length !== 2 || !spec.sortable.includes(sort[0]) || typeof sort[1] !== 'string') invalid('sort');
  const order = sort[1].toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') invalid('sort');

  const filterRaw = parseJson('filter', raw.filter) ?? {};
  if (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw)) invalid('filter');
  const filter: ListFilter = { enums: {}, uuids: {} };
  const enumFilters = spec.enumFilters ?? {};
  const uuidFilters = spec.uuidFilters ?? [];
  for (const [key, value] of Object.entries(filterRaw as Record<string, unknown>)) {
    if (key === 'q') {
      if (typeof value !== 'string') invalid('filter');
      if (value.trim()) filter.q = value.trim();
    } else if (key === 'status' && spec.statuses) {
      filter.status = parseEnumList('filter', value, spec.statuses);
    } else if (Object.hasOwn(enumFilters, key)) {
      const values = parseEnumList('filter', value, enumFilters[key]!);
      if (values) filter.enums[key] = values;
    } else if (uuidFilters.includes(key)) {
      if (typeof value !== 'string' || !UUID.test(value)) invalid('filter');
      filter.uuids[key] = value;
    } else if (key === 'createdAt_gte') {
      filter.createdAtFrom = parseBound('filter', value, false);
    } else if (key === 'createdAt_lte') {
      filter.createdAtBefore = parseBound('filter', value, true);
    } else if (key === 'id') {
      const ids = Array.isArray(value) ? value : [value];
      if (!ids.every((id) => typeof id === 'string' && UUID.test(id))) invalid('filter');
      filter.ids = ids as string[];
    } else {
      invalid('filter');
    }
  }

  const [from, to] = range as [number, number];
  return {
    offset: options.paged ? from : 0,
    limit: options.paged ? to - from + 1 : Number.MAX_SAFE_INTEGER,
    sortField: sort[0],
    sortOrder: order,
    filter,
  };
}

/** LIKE pattern that matches `text` literally anywhere. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * One text of a row's searchable columns, joined by a character nobody types (U+001F), as the grams of the
 * table were made from it: a match never spans two columns.
 */
export function searchDocument(spec: ListSpec, columns: readonly string[] = spec.searchable): string {
  return columns.map((column) => `coalesce(${spec.alias}."${column}", '')`).join(` || E'\\x1f' || `);
}

/** Applies the filter and the order (applyListOrder) to a query of the resource. */
export function applyListQuery<T extends object>(query: SelectQueryBuilder<T>, spec: ListSpec, list: ListQuery): SelectQueryBuilder<T> {
  const a = spec.alias;
  const { filter } = list;
  if (spec.always) query.andWhere(spec.always.replace(/\$alias/g, a));
  if (filter.q) {
    const pattern = containing(filter.q);
    const digits = filter.q.replace(/[^\d]/g, '');
    // "138 1234" finds +8613812345678: the digits are searched in the normalised phone too.
    const byDigits = spec.phoneDigits && digits.length >= 3;
    if (spec.searchIndexed) {
      // The stored grams narrow the rows through their index; the LIKE keeps those holding the text in order.
      query.andWhere(
        new Brackets((where) => {
          // Up to two characters the grams hold the text itself, so the LIKE adds nothing but a misestimate that
          // made the planner scan every row for a text found in all of them (ADR 028).
          const byGramsAlone = Array.from(filter.q!).length <= 2;
          where.where(
            byGramsAlone ? `${a}."searchGrams" @> aipm_query_grams(:qText)` : `(${a}."searchGrams" @> aipm_query_grams(:qText) AND ${searchDocument(spec)} ILIKE :qPattern)`,
            { qText: filter.q, qPattern: pattern }
          );
          if (byDigits) {
            where.orWhere(`(${a}."phoneGrams" @> aipm_query_grams(:qDigits) AND ${a}."phoneNormalized" LIKE :qDigitsPattern)`, {
              qDigits: digits,
              qDigitsPattern: containing(digits),
            });
          }
        })
      );
    } else {
      query.andWhere(
        new Brackets((where) => {
          for (const column of spec.searchable) where.orWhere(`${a}."${column}" ILIKE :qPattern`, { qPattern: pattern });
          if (byDigits) where.orWhere(`${a}."phoneNormalized" LIKE :qDigits`, { qDigits: containing(digits) });
        })
      );
    }
  }
  if (filter.status) query.andWhere(`${a}."status" IN (:...statuses)`, { statuses: filter.status });
  for (const [column, values] of Object.entries(filter.enums)) {
    query.andWhere(`${a}."${column}" IN (:...enum_${column})`, { [`enum_${column}`]: values });
  }
  for (const [column, value] of Object.entries(filter.uuids)) {
    query.andWhere(`${a}."${column}" = :uuid_${column}`, { [`uuid_${column}`]: value });
  }
  if (filter.createdAtFrom) query.andWhere(`${a}."createdAt" >= :createdAtFrom`, { createdAtFrom: filter.createdAtFrom });
  if (filter.createdAtBefore) query.andWhere(`${a}."createdAt" < :createdAtBefore`, { createdAtBefore: filter.createdAtBefore });
  // ANY rather than IN: react-admin may ask for no ids at all, and `IN ()` is a syntax error (500 before).
  if (filter.ids) query.andWhere(`${a}."id" = ANY(:ids)`, { ids: filter.ids });
  return applyListOrder(query, spec, list);
}

/** The list's order on a query of the resource: the sort field, then the id so pages never overlap. */
export function applyListOrder<T extends object>(query: SelectQueryBuilder<T>, spec: ListSpec, list: ListQuery): SelectQueryBuilder<T> {
  const a = spec.alias;
  return query.orderBy(`${a}."${list.sortField}"`, list.sortOrder, 'NULLS LAST').addOrderBy(`${a}."id"`, list.sortOrder);
}

// `registrations 0-24/123`; an empty page is `registrations */0` (react-admin reads the total after the slash).
export function contentRange(resource: string, offset: number, count: number, total: number): string {
  return count === 0 ? `${resource} */${total}` : `${resource} ${offset}-${offset + count - 1}/${total}`;
}

/**
 * The list query with `key` set in its filter: for a route parameter that is also a filter (the spec's
 * `/api/admin/payments?studentId=`). A malformed filter is left for parseListQuery to refuse.
 */
export function withFilterValue(raw: RawListQuery, key: string, value: string | undefined): RawListQuery {
  if (value === undefined) return raw;
  let filter: unknown = {};
  if (typeof raw.filter === 'string' && raw.filter !== '') {
    try {
      filter = JSON.parse(raw.filter);
    } catch {
      return raw;
    }
  }
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) return raw;
  return { ...raw, filter: JSON.stringify({ ...filter, [key]: value }) };
}
