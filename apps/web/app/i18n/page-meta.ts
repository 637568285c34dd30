import type { MetaDescriptor } from '@remix-run/node';

/** What a route loader returns for its <title> and description, already translated on the server. */
export interface PageMeta {
  title: string;
  description?: string;
}

export function pageMeta(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return [];
  return [{ title: meta.title }, ...(meta.description ? [{ name: 'description', content: meta.description }] : [])];
}
