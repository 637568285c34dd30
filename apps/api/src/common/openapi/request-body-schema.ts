import type { RuleContext } from '@aipm/contracts/dto';
import type { SchemaObject } from '@nestjs/swagger';
import { getMetadataStorage, ValidationTypes } from 'class-validator';

/*
 * The OpenAPI schema of a request body, read from the class-validator rules the ValidationPipe applies to it
 * (ADR 022): the documentation cannot drift from what the API accepts. Each property also lists, in
 * `x-error-codes`, the codes its rules answer with (400), top rule first, as `fieldCodes` reports them.
 */

/** Where a property lists the codes its rules answer with. */
export const ERROR_CODES_EXTENSION = 'x-error-codes';

type Constructor = abstract new (...args: never[]) => object;
type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

const TYPE_OF_DESIGN = new Map<unknown, SchemaObject>([
  [String, { type: 'string' }],
  [Number, { type: 'number' }],
  [Boolean, { type: 'boolean' }],
  [Array, { type: 'array' }],
]);

/** What a rule (by class-validator's name for it) says about the value, for the value itself or each item. */
function describeRule(name: string, constraints: unknown[]): SchemaObject {
  const [first, second] = constraints;
  switch (name) {
    case 'isString':
      return { type: 'string' };
    case 'isBoolean':
      return { type: 'boolean' };
    case 'isInt':
      return { type: 'integer' };
    case 'isNumber':
      return { type: 'number' };
    case 'isArray':
      return { type: 'array' };
    case 'isEmail':
      return { type: 'string', format: 'email' };
    case 'isUrl':
    case 'isHttpUrl':
      return { type: 'string', format: 'uri' };
    case 'isUuid':
      return { type: 'string', format: 'uuid' };
    case 'isIso8601':
      return { type: 'string', format: 'date-time' };
    case 'isCalendarDate':
      return { type: 'string', format: 'date' };
    case 'isIn':
      return { enum: [...(first as unknown[])] };
    case 'equals':
      return { enum: [first] };
    case 'maxLength':
      return { maxLength: first as number };
    case 'minLength':
      return { minLength: first as number };
    case 'isNotEmpty':
      return { minLength: 1 };
    case 'matches':
      return first instanceof RegExp ? { pattern: first.source } : { pattern: String(first) };
    case 'min':
      return { minimum: first as number };
    case 'max':
      return { maximum: first as number };
    case 'arrayNotEmpty':
      return { minItems: 1 };
    case 'arrayMaxSize':
      return { maxItems: first as number };
    case 'isLeadSource':
      return { type: 'object', additionalProperties: { type: 'string' }, description: 'First-touch source: utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer, landingPath' };
    case 'isLeadPhone':
      return { type: 'string', description: 'A mainland mobile number (11 digits starting with 1) or +<country code><number>' };
    case 'isLength':
      return { minLength: first as number, ...(second === undefined ? {} : { maxLength: second as number }) };
    default:
      return {};
  }
}

/** Rules that only make sense for one type: an `isNotEmpty` on a number says nothing about its length. */
function keepsFor(schema: SchemaObject, addition: SchemaObject): SchemaObject {
  if (schema.type && schema.type !== 'string') {
    const { minLength: _minLength, maxLength: _maxLength, pattern: _pattern, ...rest } = addition;
    return rest;
  }
  return addition;
}

function ruleName(metadata: ValidationMetadata): string {
  if (metadata.name) return metadata.name;
  const [constraint] = getMetadataStorage().getTargetValidatorConstraints(metadata.constraintCls);
  return constraint?.name ?? '';
}

function codesOf(metadata: ValidationMetadata[]): string[] {
  const codes: string[] = [];
  for (const rule of metadata) {
    const context = rule.context as RuleContext | undefined;
    if (context && typeof context.code === 'string' && !codes.includes(context.code)) codes.push(context.code);
  }
  return codes;
}

/** The schema of a DTO class, from its validation rules and the types TypeScript recorded for its properties. */
export function requestBodySchema(dto: Constructor): SchemaObject {
  const storage = getMetadataStorage();
  const all = storage.getTargetValidationMetadatas(dto as unknown as new () => object, '', true, false);
  const byProperty = storage.groupByPropertyName(all);
  const properties: Record<string, SchemaObject> = {};
  const required: string[] = [];

  for (const [property, rules] of Object.entries(byProperty)) {
    const designType = Reflect.getMetadata('design:type', dto.prototype, property) as unknown;
    let schema: SchemaObject = { ...(TYPE_OF_DESIGN.get(designType) ?? {}) };
    let items: SchemaObject = {};
    let optional = false;
    let nullable = false;
    // class-validator stores the bottom decorator first: the top rule (the one a failure reports) comes last.
    for (const rule of [...rules].reverse()) {
      if (rule.type === ValidationTypes.CONDITIONAL_VALIDATION) {
        optional = true;
        nullable ||= rule.name === 'isOptional';
        continue;
      }
      if (rule.type !== ValidationTypes.CUSTOM_VALIDATION) continue;
      const described = describeRule(ruleName(rule), rule.constraints ?? []);
      if (rule.each) items = { ...items, ...keepsFor(items, described) };
      else schema = { ...schema, ...keepsFor(schema, described) };
    }
    if (Object.keys(items).length > 0 || schema.type === 'array') schema = { ...schema, type: 'array', items: { type: 'string', ...items } };
    if (schema.enum && !schema.type) {
      const kinds = new Set(schema.enum.map((value) => typeof value));
      if (kinds.size === 1) schema.type = [...kinds][0] as SchemaObject['type'];
    }
    if (nullable) schema.nullable = true;
    const codes = codesOf(rules);
    if (codes.length > 0) (schema as Record<string, unknown>)[ERROR_CODES_EXTENSION] = codes.reverse();
    properties[property] = schema;
    if (!optional) required.push(property);
  }
  return { type: 'object', additionalProperties: false, properties, ...(required.length > 0 ? { required } : {}) };
}
