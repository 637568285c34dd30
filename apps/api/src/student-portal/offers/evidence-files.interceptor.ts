import { OUTCOME_LIMITS, UPLOAD_RULES } from '@aipm/contracts';
import { type CallHandler, type ExecutionContext, HttpStatus, Injectable, type NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { InvalidInputError } from '../../common/errors/api.error';

/** The multipart field of the evidence files, and the one of the report itself (JSON). */
export const EVIDENCE_FIELD = 'evidence';
export const REPORT_FIELD = 'report';

/** A report's JSON is a few hundred bytes; 64 KB leaves room for long notes and nothing else. */
const REPORT_MAX_BYTES = 64 * 1024;

/**
 * Nest's multer reading into memory, with the contract files' limits (10 files of 20 MB) and one text field.
 * Browsers send a file's name as UTF-8 bytes; busboy reads them as Latin-1 unless told (录用通知书.pdf became mojibake).
 */
const MulterFiles = FilesInterceptor(EVIDENCE_FIELD, OUTCOME_LIMITS.evidence, {
  defParamCharset: 'utf8',
  limits: { files: OUTCOME_LIMITS.evidence, fileSize: UPLOAD_RULES.contract.maxBytes, fields: 1, fieldSize: REPORT_MAX_BYTES, parts: OUTCOME_LIMITS.evidence + 1 },
});

/**
 * Reads a student's multipart offer report into memory and answers multer's refusals in our codes on the evidence
 * field (Nest turns them into a 413 for a file too large and a 400 for the rest: too many files or parts, an
 * unexpected field, a broken body).
 */
@Injectable()
export class EvidenceFilesInterceptor implements NestInterceptor {
  private readonly multer = new MulterFiles();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException || (error as { status?: number }).status === HttpStatus.PAYLOAD_TOO_LARGE) {
        throw InvalidInputError.forField(EVIDENCE_FIELD, 'CONTRACT_FILE_TOO_LARGE');
      }
      throw InvalidInputError.forField(EVIDENCE_FIELD, 'INVALID_EVIDENCE');
    }
  }
}
