import type { StudentErrorCode } from '@aipm/contracts';
import { ApiError } from '../common/errors/api.error';

/** The file store's refusals: codes of the students' catalog, since files are a student's today. */
export type UploadErrorCode = Extract<StudentErrorCode, 'FILE_NOT_FOUND' | 'STORAGE_UNAVAILABLE' | 'UPLOAD_ALREADY_CONFIRMED'>;

/** A refused upload, confirmation or file read; thrown by uploads/ so that it imports nothing of students/. */
export class UploadError extends ApiError<UploadErrorCode> {}
