import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiFailures } from '../common/openapi/api-answers';
import type { Request, Response } from 'express';
import { FileViews } from './file-views';
import { AuditService } from '../audit/audit.service';

/**
 * The only way to a stored file: the bucket is private, so viewing goes through the administrator's session
 * here and ends in a signed URL that works for a minute. A redirect (not JSON) so the card's view button can
 * open this address in a new window.
 */
@ApiTags('uploads')
@Controller('admin/files')
export class FilesController {
  constructor(
    private readonly views: FileViews,
    private readonly audit: AuditService,
  ) {}

  @Get(':folder/:name')
  @ApiResponse({ status: 302, description: 'Location: a signed URL of the file, valid for 60 seconds', headers: { Location: { schema: { type: 'string', format: 'uri', example: 'https://files.example.cn/aipm/contracts/1c2d3e4f-5061-4728-93a4-b5c6d7e8f9a0.pdf?X-Amz-Signature=…' } } } })
  @ApiFailures('FILE_NOT_FOUND', 'STORAGE_UNAVAILABLE')
  @ApiOperation({ summary: 'Redirects (302) to a 60-second signed URL of a contract file or photo' })
  async view(@Param('folder') folder: string, @Param('name') name: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const key = `${folder}/${name}`;
    await this.views.assertViewable(key);
    // Before the redirect leaves: viewing a contract file reveals personal data.
    await this.audit.record(request, { action: 'file.view', entity: 'file', entityId: key });
    response.setHeader('Cache-Control', 'no-store');
    response.redirect(302, await this.views.signedLink(key));
  }
}
