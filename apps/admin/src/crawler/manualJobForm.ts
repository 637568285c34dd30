import { MANUAL_JOB_TEXT_MIN_LENGTH } from '@aipm/contracts';

import type { ManualJobBody } from './crawlerApi';
import { type FieldMessage, splitList } from './taskForm';

export interface ManualJobValues {
  title: string;
  company: string;
  location: string;
  salary: string;
  description: string;
  requirements: string;
  /** As typed: comma-separated. */
  skillTags: string;
  sourceUrl: string;
}

export const MANUAL_JOB_FIELDS = ['title', 'company', 'location', 'salary', 'description', 'requirements', 'skillTags', 'sourceUrl'] as const satisfies readonly (keyof ManualJobValues)[];

export const INITIAL_MANUAL_JOB: ManualJobValues = Object.fromEntries(MANUAL_JOB_FIELDS.map((field) => [field, ''])) as unknown as ManualJobValues;

export type ManualJobErrors = Partial<Record<keyof ManualJobValues, FieldMessage>>;

const code = (name: string): FieldMessage => ({ key: `aipm.errors.${name}` });

/**
 * docs/product/validation.md#manual-job: every field required, description and requirements at least 10 characters.
 */
export function validateManualJob(values: ManualJobValues): ManualJobErrors {
  const errors: ManualJobErrors = {};
  const blank = (text: string) => text.trim() === '';
  if (blank(values.title)) errors.title = code('TITLE_REQUIRED');
  if (blank(values.company)) errors.company = code('COMPANY_REQUIRED');
  if (blank(values.location)) errors.location = code('LOCATION_REQUIRED');
  if (blank(values.salary)) errors.salary = code('SALARY_REQUIRED');
  if (values.description.trim().length < MANUAL_JOB_TEXT_MIN_LENGTH) errors.description = code('DESCRIPTION_TOO_SHORT');
  if (values.requirements.trim().length < MANUAL_JOB_TEXT_MIN_LENGTH) errors.requirements = code('REQUIREMENTS_TOO_SHORT');
  if (splitList(values.skillTags).length === 0) errors.skillTags = code('SKILL_TAGS_REQUIRED');
  if (blank(values.sourceUrl)) errors.sourceUrl = code('SOURCE_URL_REQUIRED');
  else {
    let valid = false;
    try {
      valid = ['http:', 'https:'].includes(new URL(values.sourceUrl.trim()).protocol);
    } catch {
      valid = false;
    }
    if (!valid) errors.sourceUrl = code('INVALID_URL');
  }
  return errors;
}

export function manualJobBodyOf(values: ManualJobValues): ManualJobBody {
  return {
    title: values.title.trim(),
    company: values.company.trim(),
    location: values.location.trim(),
    salary: values.salary.trim(),
    description: values.description.trim(),
    requirements: values.requirements.trim(),
    skillTags: splitList(values.skillTags),
    sourceUrl: values.sourceUrl.trim(),
    status: 'approved',
  };
}
