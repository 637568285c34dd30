import { defaultLandingContent, LANDING_CONTENT_FIELDS, type LandingDraft, type LandingField, type LandingImageUpload, type LandingPublication, type LandingPublicationSummary } from '@aipm/contracts';
import type { SchemaObject } from '@nestjs/swagger';
import { boolean, dateTime, defineSchema, integer, nullable, oneOf, recordSchema, text } from '../../common/openapi/schemas';

/* The landing content's shapes (docs/product/public-site.md#content-edited-in-the-back-office, ADR 074), drawn from the contracts' declaration. */

function schemaOf(field: LandingField): SchemaObject {
  switch (field.kind) {
    case 'text':
      return { type: 'object', properties: { zh: { type: 'string', maxLength: field.max }, en: { type: 'string', maxLength: field.max } }, required: ['zh', 'en'] };
    case 'plain':
      return { type: 'string', maxLength: field.max };
    case 'days':
      return { type: 'integer', minimum: field.min, maximum: field.max };
    case 'date':
      return { type: 'string', format: 'date', nullable: true, description: 'The last day it holds (China time); null: no end' };
    case 'choice':
      return { type: 'string', enum: [...field.values] };
    case 'group':
      return {
        type: 'object',
        properties: Object.fromEntries(Object.entries(field.fields).map(([name, inner]) => [name, schemaOf(inner)])),
        required: Object.entries(field.fields)
          .filter(([, inner]) => !((inner.kind === 'image' || inner.kind === 'list') && inner.optional))
          .map(([name]) => name),
        additionalProperties: false,
      };
    case 'list':
      return { type: 'array', items: schemaOf(field.item), minItems: field.min, maxItems: field.max };
    case 'image':
      return {
        type: 'object',
        nullable: field.optional ?? false,
        properties: { file: { type: 'string', pattern: '^[0-9a-f]{64}\\.(jpg|png|webp)$', description: 'The stored name the upload answered' }, alt: schemaOf({ kind: 'text', max: 160 }) },
        required: ['file', 'alt'],
        description: 'An uploaded image (POST /api/admin/landing-content/images); public only while the live publication shows it',
      };
  }
}

/** A fresh install's content with a cohort starting 15 March 2027: the early bird ends 8 and 13 February. */
export const LANDING_CONTENT_EXAMPLE = defaultLandingContent('2027-03-15', '2026-11-29');

export const LANDING_CONTENT = defineSchema('LandingContent', {
  ...schemaOf(LANDING_CONTENT_FIELDS),
  description: "Every block of the landing page a school edits, zh and en side by side; each text's maxLength counts characters",
  example: LANDING_CONTENT_EXAMPLE,
});

const SUMMARY = {
  id: integer(3, 'Increasing; the newest is live'),
  publishedAt: dateTime(),
  publishedBy: nullable(text('admin@example.com', "The administrator; null for a fresh install's first publication")),
  restoredFrom: nullable(integer(1, 'The earlier publication this one restored')),
};

export const LANDING_PUBLICATION_SUMMARY = recordSchema<LandingPublicationSummary>('LandingPublicationSummary', SUMMARY, { description: 'A publication as the history lists it' });

export const LANDING_PUBLICATION = recordSchema<LandingPublication>('LandingPublication', { ...SUMMARY, content: LANDING_CONTENT }, { description: 'A publication and what it says' });

export const LANDING_DRAFT = recordSchema<LandingDraft>(
  'LandingDraft',
  {
    content: LANDING_CONTENT,
    savedAt: nullable(dateTime('2026-11-29T08:30:00.000Z', 'Last save; null: never saved since the last publication')),
    unpublished: boolean(true, 'Whether the draft says something other than the live publication'),
  },
  { description: 'The draft the back office edits' },
);

export const LANDING_IMAGE_UPLOAD = recordSchema<LandingImageUpload>(
  'LandingImageUpload',
  {
    file: text('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.png', "The stored name (the bytes' SHA-256 and the type): put it in the draft as an image's `file`"),
    type: oneOf(['jpg', 'png', 'webp'], 'png', 'The type read from the first bytes'),
    size: integer(48213, 'Bytes'),
  },
  { description: 'An uploaded landing image, not public until a publication shows it' },
);

/** The image routes answer the bytes themselves. */
export const LANDING_IMAGE_BYTES_EXAMPLE = '(the image: image/jpeg, image/png or image/webp, as its stored name says)';
