import type { ApiDataResponse, ConfirmUploadResponse, UploadUrlResponse } from '@aipm/contracts';
import { ConfirmUploadDto, CreateUploadUrlDto } from '@aipm/contracts/dto';
import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataAnswer, ApiFailures, ApiJsonBody } from '../common/openapi/api-answers';
import { CONFIRM_UPLOAD_BODY, CONFIRMED_UPLOAD, UPLOAD_URL, UPLOAD_URL_BODY } from './docs/uploads.docs';
import { UploadsService } from './uploads.service';
import { Audited } from '../audit/audited.decorator';

/**
 * The contract upload of docs/product/students.md#file-upload, steps 1 and 3 (step 2 is the browser's PUT to the
 * store). Administrator only.
 */
@ApiTags('uploads')
@Controller('contracts')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Post('upload-url')
  @HttpCode(HttpStatus.OK)
  @ApiJsonBody(CreateUploadUrlDto, UPLOAD_URL_BODY)
  @ApiDataAnswer(UPLOAD_URL, { description: 'Where and how to PUT the file' })
  @ApiFailures('STORAGE_UNAVAILABLE')
  @ApiOperation({ summary: 'Step 1: a presigned PUT URL (5 min) for a fresh private key; kind contract (20 MB) or photo (5 MB)' })
  async uploadUrl(@Body() dto: CreateUploadUrlDto): Promise<ApiDataResponse<UploadUrlResponse>> {
    return { success: true, data: await this.uploads.createUploadUrl(dto) };
  }

  @Post('confirm-upload')
  @Audited({ action: 'file.upload', entity: 'file', entityId: ({ answer }) => uploadedKey(answer), details: ({ answer }) => uploadedFile(answer) })
  @HttpCode(HttpStatus.OK)
  @ApiJsonBody(ConfirmUploadDto, CONFIRM_UPLOAD_BODY)
  @ApiDataAnswer(CONFIRMED_UPLOAD, { description: 'The checked file' })
  @ApiFailures('INVALID_UPLOAD_URL', 'UPLOAD_NOT_FOUND', 'UPLOAD_ALREADY_CONFIRMED', 'STORAGE_UNAVAILABLE')
  @ApiOperation({ summary: 'Step 3: moves the uploaded object to its stored key and checks it there (exists, size, real type); a failing one is deleted and answered 400, a second confirm of one link 409' })
  async confirm(@Body() dto: ConfirmUploadDto): Promise<ApiDataResponse<ConfirmUploadResponse>> {
    return { success: true, data: await this.uploads.confirm(dto) };
  }
}

/** The stored file's key: the path of its access URL (/api/admin/files/<folder>/<name>). */
function uploadedKey(answer: unknown): string | null {
  const accessURL = (answer as ApiDataResponse<ConfirmUploadResponse> | undefined)?.data?.accessURL;
  return accessURL ? accessURL.replace(/^.*\/files\//, '') : null;
}

function uploadedFile(answer: unknown): Record<string, unknown> | null {
  const data = (answer as ApiDataResponse<ConfirmUploadResponse> | undefined)?.data;
  return data ? { kind: data.kind, type: data.type, size: data.size } : null;
}
