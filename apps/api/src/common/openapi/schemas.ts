import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';

/*
 * Response shapes for the OpenAPI document (ADR 022). The answers are TypeScript interfaces of
 * @aipm/contracts, which leave nothing at run time; each is described here once, as a named component, by a
 * properties object the compiler checks against the interface (every field present, none invented), with an
 * example per field so /api/docs shows a realistic answer.
 */

export type Schema = SchemaObject | ReferenceObject;

/** Every property of T, optional ones included, described once. */
export type PropertiesOf<T> = { [K in keyof T]-?: Schema };

const components = new Map<string, SchemaObject>();

/** The named schemas the document adds to components.schemas (openapi-document.ts). */
export function registeredSchemas(): ReadonlyMap<string, SchemaObject> {
  return components;
}

export function refTo(name: string): ReferenceObject {
  return { $ref: `#/components/schemas/${name}` };
}

/** Registers `name` once (a later call replaces it with the same shape) and returns a reference to it. */
export function defineSchema(name: string, schema: SchemaObject): ReferenceObject {
  components.set(name, schema);
  return refTo(name);
}

/**
 * A response record named after its contracts interface. `optional` lists the fields an answer may leave out
 * (the others are always present, possibly null).
 */
export function recordSchema<T>(name: string, properties: PropertiesOf<T>, options: { description?: string; optional?: (keyof T & string)[] } = {}): ReferenceObject {
  const optional = new Set<string>(options.optional ?? []);
  return defineSchema(name, {
    type: 'object',
    ...(options.description ? { description: options.description } : {}),
    properties: properties as Record<string, Schema>,
    required: Object.keys(properties).filter((key) => !optional.has(key)),
  });
}

// ── leaves, each with its example ───────────────────────────────────────────────────────────────
export const text = (example: string, description?: string): SchemaObject => ({ type: 'string', example, ...(description ? { description } : {}) });
export const integer = (example: number, description?: string): SchemaObject => ({ type: 'integer', example, ...(description ? { description } : {}) });
export const number = (example: number, description?: string): SchemaObject => ({ type: 'number', example, ...(description ? { description } : {}) });
export const boolean = (example: boolean, description?: string): SchemaObject => ({ type: 'boolean', example, ...(description ? { description } : {}) });
export const uuid = (example = '3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12', description?: string): SchemaObject => ({
  type: 'string',
  format: 'uuid',
  example,
  ...(description ? { description } : {}),
});
export const dateTime = (example = '2026-11-24T08:30:00.000Z', description?: string): SchemaObject => ({
  type: 'string',
  format: 'date-time',
  example,
  ...(description ? { description } : {}),
});
export const calendarDate = (example = '2026-09-01', description?: string): SchemaObject => ({
  type: 'string',
  format: 'date',
  example,
  ...(description ? { description } : {}),
});
export const url = (example: string, description?: string): SchemaObject => ({ type: 'string', format: 'uri', example, ...(description ? { description } : {}) });
export const oneOf = <V extends string | number>(values: readonly V[], example: V = values[0]!, description?: string): SchemaObject => ({
  type: typeof example === 'number' ? 'number' : 'string',
  enum: [...values],
  example,
  ...(description ? { description } : {}),
});
export const constant = (value: string | number | boolean, description?: string): SchemaObject => ({
  type: typeof value as 'string' | 'number' | 'boolean',
  enum: [value],
  example: value,
  ...(description ? { description } : {}),
});
export const listOf = (items: Schema, description?: string): SchemaObject => ({ type: 'array', items, ...(description ? { description } : {}) });
export const object = (properties: Record<string, Schema>, description?: string, optional: string[] = []): SchemaObject => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((key) => !optional.includes(key)),
  ...(description ? { description } : {}),
});
/** A map of free keys (a lead's utm_* source), with an example. */
export const dictionary = (example: Record<string, string>, description?: string): SchemaObject => ({
  type: 'object',
  additionalProperties: { type: 'string' },
  example,
  ...(description ? { description } : {}),
});

/** The same schema, or null. A reference cannot carry `nullable` itself, hence the allOf. */
export function nullable(schema: Schema): SchemaObject {
  return '$ref' in schema ? { allOf: [schema], nullable: true } : { ...schema, nullable: true };
}
