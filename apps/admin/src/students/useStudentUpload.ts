import { type ConfirmUploadResponse, type ErrorCode, isErrorCode, type UploadKind } from '@aipm/contracts';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../data/dataProvider';
import { errorKey } from '../i18n/error-messages';

/** Which of the three steps failed: each has its own wording (docs/product/students.md#upload-messages). */
type UploadStep = 'url' | 'put' | 'confirm';

class UploadStepError extends Error {
  constructor(
    readonly step: UploadStep,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** A failure's text: the API's code (already a translation key from the data provider) or the status text. */
function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/** The store's (or the storage proxy's) answer to the PUT: its error code when it sent one, else the status text. */
async function putFailureReason(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { code?: unknown } | undefined;
  return isErrorCode(body?.code) ? errorKey(body.code as ErrorCode) : `${response.status} ${response.statusText}`.trim();
}

/**
 * The three-step upload of docs/product/students.md#file-upload for the student card, with the toasts of
 * docs/product/students.md#upload-messages: each file gets a presigned URL, is PUT to it (same origin: the front
 * door's storage proxy, ADR 019), then confirmed, which answers the URL the record stores and the file's original
 * name. `save` receives the confirmed files that made it; the toast counts them.
 */
export function useStudentUpload(kind: UploadKind, save: (uploads: ConfirmUploadResponse[]) => Promise<unknown>) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [uploading, setUploading] = useState(false);

  const uploadOne = async (file: File): Promise<ConfirmUploadResponse> => {
    const signed = await dataProvider.createUploadUrl(file.name, kind).catch((error: unknown) => {
      throw new UploadStepError('url', reasonOf(error));
    });
    const put = await fetch(signed.uploadURL, { method: signed.method, headers: signed.headers, body: file, credentials: 'omit' }).catch((error: unknown) => {
      throw new UploadStepError('put', reasonOf(error));
    });
    if (!put.ok) throw new UploadStepError('put', await putFailureReason(put));
    const confirmed = await dataProvider.confirmUpload(signed.uploadURL).catch((error: unknown) => {
      throw new UploadStepError('confirm', reasonOf(error));
    });
    return confirmed;
  };

  const upload = async (files: readonly File[]): Promise<void> => {
    if (files.length === 0) return;
    setUploading(true);
    const stored: ConfirmUploadResponse[] = [];
    let failure: UploadStepError | undefined;
    try {
      for (const file of files) {
        try {
          stored.push(await uploadOne(file));
        } catch (error) {
          failure ??= error instanceof UploadStepError ? error : new UploadStepError('put', reasonOf(error));
        }
      }
      if (stored.length > 0) await save(stored);
      if (failure) {
        const reason = `${translate(`aipm.students.upload.step_${failure.step}`)}: ${translate(failure.reason, { _: failure.reason })}`;
        notify('aipm.students.upload.failed', { type: 'error', messageArgs: { reason } });
      } else {
        notify('aipm.students.upload.succeeded', { type: 'success', messageArgs: { count: stored.length, smart_count: stored.length } });
      }
    } catch (error) {
      notify('aipm.students.upload.failed', { type: 'error', messageArgs: { reason: translate(reasonOf(error), { _: reasonOf(error) }) } });
    } finally {
      setUploading(false);
    }
  };

  return { upload, uploading };
}
