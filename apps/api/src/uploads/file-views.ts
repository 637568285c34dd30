import { Injectable } from '@nestjs/common';
import { FileStore } from './file-store';
import { UploadError } from './upload.error';
import { contentTypeOf, isUploadKey } from './uploads.service';

/**
 * Viewing a private file (docs/product/students.md#viewing-files, ADR 018): a stored key of ours that exists in the
 * store, answered as a signed link that works for 60 seconds, with the content type of its checked extension. The
 * administrator's file view and the student's own download (ADR 067) both end here; each checks first who may see
 * the file and records the view.
 */
@Injectable()
export class FileViews {
  constructor(private readonly files: FileStore) {}

  /** FILE_NOT_FOUND unless `key` is a stored upload key whose object exists. */
  async assertViewable(key: string): Promise<void> {
    if (!isUploadKey(key) || !(await this.files.stat(key))) throw new UploadError('FILE_NOT_FOUND');
  }

  /** The signed link (through the front door's storage proxy) of a key assertViewable accepted. */
  signedLink(key: string): Promise<string> {
    return this.files.presignedGet(key, contentTypeOf(key));
  }
}
