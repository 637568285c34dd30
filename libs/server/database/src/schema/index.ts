import { AUDIT_SCHEMA } from './audit.schema';
import { CHANGE_MARKERS_SCHEMA } from './change-markers.schema';
import { CRAWLER_SCHEMA } from './crawler.schema';
import { LEADS_SCHEMA } from './leads.schema';
import type { SchemaArea } from './schema-area';
import { SEARCH_SCHEMA } from './search.schema';

export type { SchemaArea } from './schema-area';

/** Every area's functions and triggers (schema-area.ts). */
export const SCHEMA_AREAS: Readonly<Record<string, SchemaArea>> = {
  audit: AUDIT_SCHEMA,
  changeMarkers: CHANGE_MARKERS_SCHEMA,
  crawler: CRAWLER_SCHEMA,
  leads: LEADS_SCHEMA,
  search: SEARCH_SCHEMA,
};
