/** Subjects offered by the public contact form's dropdown (docs/product/lead-capture.md#contact-fields). */
export const ContactSubject = {
  Course: 'course',
  Pricing: 'pricing',
  Enterprise: 'enterprise',
  Technical: 'technical',
  Other: 'other',
} as const;
export type ContactSubject = (typeof ContactSubject)[keyof typeof ContactSubject];
export const CONTACT_SUBJECTS: readonly ContactSubject[] = Object.values(ContactSubject);

/**
 * The dropdown's wording of each subject (docs/product/lead-capture.md#contact-fields), as the back office and
 * the CSV export show it.
 */
export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  course: '课程咨询',
  pricing: '费用咨询',
  enterprise: '企业合作',
  technical: '技术问题',
  other: '其他',
};
