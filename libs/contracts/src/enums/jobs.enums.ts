/** Employment type of a published job (docs/product/data-model.md#published-job). */
export const EmploymentType = {
  FullTime: 'full_time',
  PartTime: 'part_time',
  Contract: 'contract',
  Internship: 'internship',
} as const;
export type EmploymentType = (typeof EmploymentType)[keyof typeof EmploymentType];
export const EMPLOYMENT_TYPES: readonly EmploymentType[] = Object.values(EmploymentType);
