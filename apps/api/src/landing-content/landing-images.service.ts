import { extensionOf, LANDING_IMAGE_FILE_PATTERN, LANDING_IMAGE_RULES, type LandingImageUpload, landingImageFiles, UPLOAD_EXTENSIONS } from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ApiError, InvalidInputError } from '../common/errors/api.error';
import { FileStore } from '../uploads/file-store';
import { UploadsService } from '../uploads/uploads.service';
import { LandingContentService } from './landing-content.service';

/** The store's folder of landing images: not an upload folder, so the sweep of abandoned uploads never lists it. */
const FOLDER = 'landing';

export interface LandingImageFile {
  originalname: string;
  buffer: Buffer;
}

export interface ServedImage {
  stream: Readable;
  contentType: string;
}

/**
 * The landing page's photos and logos (ADR 076). Uploaded with the private files' checks (name, size, real type from
 * the first bytes) into the same closed store, named by their content hash; served to strangers only while the
 * live publication shows them, to the administrator for a draft's preview.
 */
@Injectable()
export class LandingImagesService {
  constructor(
    private readonly uploads: UploadsService,
    private readonly files: FileStore,
    private readonly content: LandingContentService,
  ) {}

  async upload(file: LandingImageFile | undefined): Promise<LandingImageUpload> {
    if (!file || file.buffer.length === 0) throw InvalidInputError.forField('file', 'LANDING_IMAGE_REQUIRED');
    if (file.buffer.length > LANDING_IMAGE_RULES.maxBytes) throw new ApiError('LANDING_IMAGE_TOO_LARGE');
    // The photo rules are the landing image's: JPEG, PNG or WebP, by name and by signature.
    await this.uploads.assertAcceptable('photo', file.originalname, file.buffer, 'file');
    const type = UPLOAD_EXTENSIONS[extensionOf(file.originalname)]!.type as LandingImageUpload['type'];
    // Named by its bytes: the same image uploaded twice is one object, and a changed image gets a new address.
    const name = `${createHash('sha256').update(file.buffer).digest('hex')}.${type}`;
    await this.files.put(`${FOLDER}/${name}`, file.buffer, contentTypeOfImage(name));
    return { file: name, type, size: file.buffer.length };
  }

  /** An image the live publication shows; anything else (a draft's, an earlier publication's, unknown) is not found. */
  async servePublished(file: string): Promise<ServedImage> {
    if (!LANDING_IMAGE_FILE_PATTERN.test(file)) throw new ApiError('LANDING_IMAGE_NOT_FOUND');
    const live = await this.content.live();
    if (!landingImageFiles(live.content).includes(file)) throw new ApiError('LANDING_IMAGE_NOT_FOUND');
    return this.serve(file);
  }

  /** Any uploaded landing image: the administrator's preview shows a draft's before it is published. */
  async serveAny(file: string): Promise<ServedImage> {
    if (!LANDING_IMAGE_FILE_PATTERN.test(file)) throw new ApiError('LANDING_IMAGE_NOT_FOUND');
    return this.serve(file);
  }

  private async serve(file: string): Promise<ServedImage> {
    const stream = await this.files.read(`${FOLDER}/${file}`);
    if (!stream) throw new ApiError('LANDING_IMAGE_NOT_FOUND');
    return { stream, contentType: contentTypeOfImage(file) };
  }
}

/** The type a stored name is served with: from its checked extension, never from what the uploader claimed. */
function contentTypeOfImage(file: string): string {
  return UPLOAD_EXTENSIONS[file.slice(file.lastIndexOf('.') + 1)]!.mime;
}
