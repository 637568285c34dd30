/*
 * What the audit log never keeps of a student and their records (docs/product/back-office.md#audit-entries, ADR 030):
 * erasing a person (PIPL) removes their student record with its contracts, payments and accounts, and the log, which
 * nobody can edit, must not keep who they were. Entries keep the masked phone, statuses, amounts and dates, which is
 * what the log is for; an update that changes one of these fields says that it changed, not what it was or became.
 */

export const STUDENT_AUDIT_OMIT = ['name', 'email', 'school', 'major', 'notes'] as const;

/** A login's username and email, and a tool account's text, name who the student is. */
export const STUDENT_ACCOUNT_AUDIT_OMIT = ['username', 'email'] as const;

/** A contract's or a payment's notes are free text about the person. */
export const STUDENT_RECORD_AUDIT_OMIT = ['notes'] as const;

/** A file's name is the uploader's and may name the person ("王五-身份证.pdf"). */
export const STUDENT_FILE_AUDIT_OMIT = ['originalName'] as const;

/** An outcome's employer and notes can name the person; the category, dates, city and salary are what the log is for. */
export const STUDENT_OUTCOME_AUDIT_OMIT = ['employer', 'notes'] as const;
