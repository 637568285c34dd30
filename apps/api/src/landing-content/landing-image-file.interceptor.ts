import { LANDING_IMAGE_RULES } from '@aipm/contracts';
import { type CallHandler, type ExecutionContext, HttpStatus, Injectable, type NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { ApiError, InvalidInputError } from '../common/errors/api.error';

export const LANDING_IMAGE_FIELD = 'file';

/** One image in memory, 1 MB at most: multer stops reading past it, so an oversized body costs no more than that. */
const MulterImage = FileInterceptor(LANDING_IMAGE_FIELD, {
  defParamCharset: 'utf8',
  limits: { files: 1, fileSize: LANDING_IMAGE_RULES.maxBytes, fields: 0, parts: 1 },
});

/** Answers multer's refusals in the landing image's codes: too large, or any other broken body as no image. */
@Injectable()
export class LandingImageFileInterceptor implements NestInterceptor {
  private readonly multer = new MulterImage();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException || (error as { status?: number }).status === HttpStatus.PAYLOAD_TOO_LARGE) {
        throw new ApiError('LANDING_IMAGE_TOO_LARGE');
      }
      throw InvalidInputError.forField(LANDING_IMAGE_FIELD, 'LANDING_IMAGE_REQUIRED');
    }
  }
}
