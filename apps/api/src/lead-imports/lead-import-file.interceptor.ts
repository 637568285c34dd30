import { LEAD_IMPORT_LIMITS } from '@aipm/contracts';
import { type CallHandler, type ExecutionContext, HttpStatus, Injectable, type NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { InvalidInputError } from '../common/errors/api.error';
import { LeadImportError } from './lead-import.error';

/** The multipart fields: the file, and the mapping as JSON (dry run and import). */
export const IMPORT_FILE_FIELD = 'file';
export const IMPORT_MAPPING_FIELD = 'mapping';

/** A mapping is eight short headers; 8 KB leaves room and nothing else. */
const MAPPING_MAX_BYTES = 8 * 1024;

/** File names arrive as UTF-8 bytes; busboy reads Latin-1 unless told (报名表.xlsx became mojibake). */
const MulterFile = FileInterceptor(IMPORT_FILE_FIELD, {
  defParamCharset: 'utf8',
  limits: { files: 1, fileSize: LEAD_IMPORT_LIMITS.maxBytes, fields: 1, fieldSize: MAPPING_MAX_BYTES, parts: 2 },
});

/**
 * Reads the import file into memory (10 MB at most) and answers multer's refusals in the import's codes: a file
 * too large, and any other broken or unexpected body as a missing file.
 */
@Injectable()
export class LeadImportFileInterceptor implements NestInterceptor {
  private readonly multer = new MulterFile();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException || (error as { status?: number }).status === HttpStatus.PAYLOAD_TOO_LARGE) {
        throw new LeadImportError('LEAD_IMPORT_FILE_TOO_LARGE');
      }
      throw InvalidInputError.forField(IMPORT_FILE_FIELD, 'LEAD_IMPORT_FILE_REQUIRED');
    }
  }
}
