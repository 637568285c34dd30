import type { UploadFileType } from '@aipm/contracts';
import { fileTypeFromBuffer } from 'file-type';

/** file-type's extension of a detected type → the upload type it counts as (anything else is refused). */
const ACCEPTED: Record<string, UploadFileType> = { pdf: 'pdf', jpg: 'jpg', png: 'png', webp: 'webp' };

/**
 * The real type of a file from its first bytes (magic numbers, via file-type), whatever its name says: a text
 * or an executable renamed .pdf is undefined here.
 */
export async function sniffUploadType(head: Uint8Array): Promise<UploadFileType | undefined> {
  const detected = await fileTypeFromBuffer(head);
  return detected ? ACCEPTED[detected.ext] : undefined;
}
