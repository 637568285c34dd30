import {
  type ConfirmUploadResponse,
  extensionOf,
  fileKeyOfAccessUrl,
  INCOMING_UPLOAD_KEY_PATTERN,
  INCOMING_UPLOAD_PREFIX,
  STUDENT_PATHS,
  UPLOAD_EXTENSIONS,
  UPLOAD_KEY_PATTERN,
  UPLOAD_LIMITS,
  UPLOAD_RULES,
  type UploadKind,
  type UploadUrlResponse,
} from '@aipm/contracts';
import type { ConfirmUploadDto, CreateUploadUrlDto } from '@aipm/contracts/dto';
import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { InvalidInputError } from '../common/errors/api.error';
import { UploadError } from './upload.error';
import { FileStore, HEAD_BYTES, UPLOAD_URL_TTL_SECONDS } from './file-store';
import { sniffUploadType } from './file-sniff';
import { StoredUploadsRepository } from './stored-uploads.repository';

/** Storage folder of each upload kind; the folder in a key tells the confirm step which limits apply. */
const FOLDER_OF: Record<UploadKind, string> = { contract: 'contracts', photo: 'photos' };
const KIND_OF: Record<string, UploadKind> = { contracts: 'contract', photos: 'photo' };

export function isUploadKey(key: string): boolean {
  return UPLOAD_KEY_PATTERN.test(key);
}

export function accessUrlOf(key: string): string {
  return `${STUDENT_PATHS.files}/${key}`;
}

/** The name of a stored key's object (its last path segment): the name of a file whose upload recorded none. */
export function storedNameOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

/** The content type a stored key is served with (from its checked extension). */
export function contentTypeOf(key: string): string {
  return UPLOAD_EXTENSIONS[key.slice(key.lastIndexOf('.') + 1)]!.mime;
}

/**
 * The three-step upload of docs/product/students.md#file-upload, with nothing left open: both calls need the
 * administrator session; step 1 only signs a PUT for a fresh incoming key of an accepted extension; step 3 moves what
 * arrived to its stored key, where no link can write (ADR 036), and checks it there (its size, and its type from its
 * first bytes), deleting anything that fails, so a refused file never stays in the bucket and a checked one never
 * changes. The bucket itself is private: files are viewed through FilesController.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);

  constructor(
    private readonly files: FileStore,
    private readonly stored: StoredUploadsRepository,
  ) {}

  async createUploadUrl(dto: CreateUploadUrlDto, now = new Date()): Promise<UploadUrlResponse> {
    const kind = dto.kind ?? 'contract';
    const extension = extensionOf(dto.fileName);
    const key = `${FOLDER_OF[kind]}/${randomUUID()}.${extension}`;
    // The uploader's name, kept for the record that will hold the file (ADR 045): never asked of a client again.
    await this.stored.record(key, dto.fileName);
    return {
      uploadURL: await this.files.presignedPut(`${INCOMING_UPLOAD_PREFIX}${key}`),
      method: 'PUT',
      headers: { 'Content-Type': UPLOAD_EXTENSIONS[extension]!.mime },
      expiresAt: new Date(now.getTime() + UPLOAD_URL_TTL_SECONDS * 1000).toISOString(),
      maxBytes: UPLOAD_RULES[kind].maxBytes,
    };
  }

  async confirm(dto: ConfirmUploadDto): Promise<ConfirmUploadResponse> {
    const incoming = this.keyOf(dto.uploadURL);
    const key = incoming.slice(INCOMING_UPLOAD_PREFIX.length);
    const kind = KIND_OF[key.slice(0, key.indexOf('/'))]!;
    const rules = UPLOAD_RULES[kind];

    // One confirm per key, ever: a link used again within its five minutes reaches no stored file.
    const claimed = await this.stored.claim(key);
    if (!claimed) {
      await this.files.remove([incoming]);
      throw new UploadError('UPLOAD_ALREADY_CONFIRMED');
    }
    let copied: boolean;
    try {
      copied = await this.files.copy(incoming, key);
    } catch (error) {
      await this.stored.release(key);
      throw error;
    }
    if (!copied) {
      await this.stored.release(key);
      throw InvalidInputError.forField('uploadURL', 'UPLOAD_NOT_FOUND');
    }
    await this.files.remove([incoming]);

    // Checked where it now stays, so what passed is what the record will show.
    const stored = await this.files.stat(key);
    if (!stored) return this.refuse(key, 'UPLOAD_NOT_FOUND');
    if (stored.size === 0) return this.refuse(key, 'EMPTY_FILE');
    if (stored.size > rules.maxBytes) return this.refuse(key, kind === 'photo' ? 'PHOTO_TOO_LARGE' : 'CONTRACT_FILE_TOO_LARGE');

    const expected = UPLOAD_EXTENSIONS[key.slice(key.lastIndexOf('.') + 1)]!.type;
    const actual = await sniffUploadType(await this.files.head(key, stored.size));
    // The content must be what the name says: a PNG named .pdf would be served as a PDF.
    if (actual !== expected || !rules.types.includes(actual)) return this.refuse(key, 'FILE_CONTENT_MISMATCH');

    await this.stored.markConfirmed(key, stored.size, contentTypeOf(key));
    return { accessURL: accessUrlOf(key), kind, type: actual, size: stored.size, originalName: claimed.originalName ?? storedNameOf(key) };
  }

  /**
   * The checks of the confirm step on a file the API holds in memory (a form posts it whole: the student's offer
   * report, which must work without JavaScript). Refused with the confirm step's codes, on `field`.
   */
  async assertAcceptable(kind: UploadKind, fileName: string, bytes: Buffer, field: string): Promise<void> {
    const rules = UPLOAD_RULES[kind];
    if (fileName.length > UPLOAD_LIMITS.fileNameLength) throw InvalidInputError.forField(field, 'FILE_NAME_TOO_LONG');
    const expected = UPLOAD_EXTENSIONS[extensionOf(fileName)]?.type;
    if (!expected || !rules.types.includes(expected)) throw InvalidInputError.forField(field, 'UNSUPPORTED_FILE_TYPE');
    if (bytes.length === 0) throw InvalidInputError.forField(field, 'EMPTY_FILE');
    if (bytes.length > rules.maxBytes) throw InvalidInputError.forField(field, kind === 'photo' ? 'PHOTO_TOO_LARGE' : 'CONTRACT_FILE_TOO_LARGE');
    if ((await sniffUploadType(bytes.subarray(0, HEAD_BYTES))) !== expected) throw InvalidInputError.forField(field, 'FILE_CONTENT_MISMATCH');
  }

  /**
   * Stores a file assertAcceptable passed, as a confirmed upload of `kind` under its original name: what the
   * three steps end with, so records attach it the same way (and the sweep removes it if none ever does).
   */
  async storeChecked(kind: UploadKind, fileName: string, bytes: Buffer): Promise<ConfirmUploadResponse> {
    const key = `${FOLDER_OF[kind]}/${randomUUID()}.${extensionOf(fileName)}`;
    const type = UPLOAD_EXTENSIONS[extensionOf(fileName)]!.type;
    // Written first, recorded after: a row never points at a missing object (an object without a row is swept).
    await this.files.put(key, bytes, contentTypeOf(key));
    await this.stored.recordConfirmed(key, fileName, bytes.length, contentTypeOf(key));
    return { accessURL: accessUrlOf(key), kind, type, size: bytes.length, originalName: fileName };
  }

  /** Removes uploads no record took after all (a report refused once its files were stored). */
  async discard(accessURLs: readonly string[]): Promise<void> {
    const keys = accessURLs.map(fileKeyOfAccessUrl).filter((key): key is string => !!key);
    await this.files.remove(keys);
    await this.stored.forget(keys);
  }

  /**
   * The key a presigned PUT URL of ours points at: `/storage/<bucket>/<key>` as step 1 answers it, or the
   * store's own path-style `/<bucket>/<key>` (the host is not trusted either way, only the key shape and the bucket).
   */
  private keyOf(uploadURL: string): string {
    let path: string;
    try {
      path = decodeURIComponent(new URL(uploadURL, 'http://upload.invalid').pathname);
    } catch {
      throw InvalidInputError.forField('uploadURL', 'INVALID_UPLOAD_URL');
    }
    const prefix = `/${this.files.bucket}/`;
    const at = path.lastIndexOf(prefix);
    const key = at < 0 ? '' : path.slice(at + prefix.length);
    if (!INCOMING_UPLOAD_KEY_PATTERN.test(key)) throw InvalidInputError.forField('uploadURL', 'INVALID_UPLOAD_URL');
    return key;
  }

  private async refuse(key: string, code: 'UPLOAD_NOT_FOUND' | 'EMPTY_FILE' | 'PHOTO_TOO_LARGE' | 'CONTRACT_FILE_TOO_LARGE' | 'FILE_CONTENT_MISMATCH'): Promise<never> {
    await this.files.remove([key]);
    await this.stored.release(key);
    this.logger.log(`refused upload ${key}: ${code}`);
    throw InvalidInputError.forField('uploadURL', code);
  }
}
