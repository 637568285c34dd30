/** Subjects offered by the public contact form's dropdown (spec §2 contact section). */
export const ContactSubject = {
  Course: 'course',
  Pricing: 'pricing',
  Enterprise: 'enterprise',
  Technical: 'technical',
  Other: 'other',
} as const;
export type ContactSubject = (typeof ContactSubject)[keyof typeof ContactSubject];
export const CONTACT_SUBJECTS: readonly ContactSubject[] = Object.values(ContactSubject);
