import { AUDIT_SCHEMA } from './audit.schema';
import { CRAWLER_SCHEMA } from './crawler.schema';
import { LEADS_SCHEMA } from './leads.schema';
import type { SchemaArea } from './schema-area';
import { SEARCH_SCHEMA } from './search.schema';

export type { SchemaArea } from './schema-area';

/** Every area's functions and triggers (schema-area.ts). */
export const SCHEMA_AREAS: Readonly<Record<string, SchemaArea>> = {
  audit: AUDIT_SCHEMA,
  crawler: CRAWLER_SCHEMA,
  leads: LEADS_SCHEMA,
  search: SEARCH_SCHEMA,
};
