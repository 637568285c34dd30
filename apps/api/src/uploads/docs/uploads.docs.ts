import { type ConfirmUploadResponse, UPLOAD_KINDS, type UploadUrlResponse } from '@aipm/contracts';
import type { ConfirmUploadDto, CreateUploadUrlDto } from '@aipm/contracts/dto';
import { constant, dateTime, integer, object, oneOf, recordSchema, text, url } from '../../common/openapi/schemas';

/* The contract-upload routes' shapes and examples (steps 1 and 3; step 2 is the browser's PUT); ADR 022. */

const UPLOAD_URL_EXAMPLE = 'https://files.example.cn/aipm/contracts/1c2d3e4f-5061-4728-93a4-b5c6d7e8f9a0.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=300&X-Amz-Signature=…';

export const UPLOAD_URL = recordSchema<UploadUrlResponse>('UploadUrlResponse', {
  uploadURL: url(UPLOAD_URL_EXAMPLE, 'Where the browser PUTs the file (step 2)'),
  method: constant('PUT'),
  headers: object({ 'Content-Type': text('application/pdf') }, 'Headers the PUT must send'),
  expiresAt: dateTime('2026-11-24T08:35:00.000Z', 'The URL stops working after this instant'),
  maxBytes: integer(20 * 1024 * 1024),
});

export const CONFIRMED_UPLOAD = recordSchema<ConfirmUploadResponse>('ConfirmUploadResponse', {
  accessURL: text('/api/admin/files/contracts/1c2d3e4f-5061-4728-93a4-b5c6d7e8f9a0.pdf', 'What a student file or the photo stores'),
  kind: oneOf(UPLOAD_KINDS, 'contract'),
  type: oneOf(['pdf', 'jpg', 'png', 'webp'], 'pdf', 'The type read from the file\'s bytes'),
  size: integer(183_204, 'Bytes'),
  originalName: text('报名合同.pdf', "The uploader's file name, as step 1 recorded it"),
});

export const UPLOAD_URL_BODY: CreateUploadUrlDto = { fileName: '报名合同.pdf', kind: 'contract' };
export const CONFIRM_UPLOAD_BODY: ConfirmUploadDto = { uploadURL: UPLOAD_URL_EXAMPLE.replace('…', '0a1b2c') };
