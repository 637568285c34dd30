import { type ApiDataResponse, LANDING_CONTENT_MESSAGES, type LandingDraft, type LandingImageUpload, type LandingPublication, type LandingPublicationSummary } from '@aipm/contracts';
import { Body, Controller, Get, Header, HttpCode, Param, ParseIntPipe, Post, Put, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Audited } from '../audit/audited.decorator';
import { Public } from '../common/decorators/public.decorator';
import { InvalidInputError } from '../common/errors/api.error';
import { ApiDataAnswer, ApiFailures, ApiFileAnswer, ApiListAnswer } from '../common/openapi/api-answers';
import type { SessionUser } from '../common/session';
import { LANDING_CONTENT, LANDING_CONTENT_EXAMPLE, LANDING_DRAFT, LANDING_IMAGE_BYTES_EXAMPLE, LANDING_IMAGE_UPLOAD, LANDING_PUBLICATION, LANDING_PUBLICATION_SUMMARY } from './docs/landing-content.docs';
import { LandingContentService } from './landing-content.service';
import { LandingImageFileInterceptor } from './landing-image-file.interceptor';
import { type LandingImageFile, LandingImagesService, type ServedImage } from './landing-images.service';

/** A served image: its name is its content hash, so a public one can be kept for a year; a draft's is never kept. */
function sendImage(response: Response, image: ServedImage, cacheControl: string): void {
  response.setHeader('Content-Type', image.contentType);
  response.setHeader('Cache-Control', cacheControl);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  image.stream.on('error', () => response.destroy());
  image.stream.pipe(response);
}

/** The live publication's id as an entity tag: the web server asks with it every half second (ADR 074). */
const etagOf = (id: number) => `"landing-${id}"`;

const publicationId = new ParseIntPipe({ exceptionFactory: () => InvalidInputError.forField('id', 'LANDING_PUBLICATION_NOT_FOUND') });

@ApiTags('public')
@Controller('landing-content')
export class PublicLandingContentController {
  constructor(
    private readonly content: LandingContentService,
    private readonly images: LandingImagesService,
  ) {}

  /** A photo or logo of the live publication (ADR 076): the file store stays closed, this serves only what is live. */
  @Get('images/:file')
  @Public()
  @ApiFileAnswer({ mediaType: 'image/png', example: LANDING_IMAGE_BYTES_EXAMPLE, description: 'The image with the type of its name (image/jpeg, image/png or image/webp), cacheable for a year' })
  @ApiFailures('LANDING_IMAGE_NOT_FOUND')
  @ApiOperation({ summary: 'An image the live landing page shows; any other name is 404' })
  async image(@Param('file') file: string, @Res() response: Response): Promise<void> {
    sendImage(response, await this.images.servePublished(file), 'public, max-age=31536000, immutable');
  }

  /**
   * Read by the web server's loaders, never by browsers. With the live publication's ETag in If-None-Match it is
   * answered 304 from one index read, so the page cache can check for a publish twice a second at little cost.
   */
  @Get()
  @Public()
  @Header('Cache-Control', 'no-cache')
  @ApiDataAnswer(LANDING_PUBLICATION, { description: 'The live publication (304 when If-None-Match names it)' })
  @ApiOperation({ summary: "The landing page's live content, both languages" })
  async live(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<ApiDataResponse<LandingPublication> | undefined> {
    const asked = request.headers['if-none-match'];
    if (asked) {
      const id = await this.content.liveId();
      if (id !== null && asked === etagOf(id)) {
        response.status(304).setHeader('ETag', asked);
        return undefined;
      }
    }
    const publication = await this.content.live();
    response.setHeader('ETag', etagOf(publication.id));
    return { success: true, data: publication };
  }
}

@ApiTags('admin: landing content')
@Controller('admin/landing-content')
export class LandingContentAdminController {
  constructor(
    private readonly content: LandingContentService,
    private readonly images: LandingImagesService,
  ) {}

  @Post('images')
  @HttpCode(200)
  @UseInterceptors(LandingImageFileInterceptor)
  @ApiConsumes('multipart/form-data')
  @Audited({ action: 'landing.image.upload', entity: 'landing_content', details: ({ answer }) => ({ ...(answer as ApiDataResponse<LandingImageUpload>).data }) })
  @ApiDataAnswer(LANDING_IMAGE_UPLOAD, { description: 'The stored name to put in the draft (the image is not public until a publication shows it)' })
  @ApiFailures('LANDING_IMAGE_REQUIRED', 'LANDING_IMAGE_TOO_LARGE', 'UNSUPPORTED_FILE_TYPE', 'FILE_CONTENT_MISMATCH', 'FILE_NAME_TOO_LONG', 'STORAGE_UNAVAILABLE')
  @ApiOperation({ summary: 'Uploads a photo or a logo for the draft (multipart: a `file` part, JPEG, PNG or WebP, ≤ 1 MB): checked by name, size and real type' })
  async uploadImage(@UploadedFile() file: LandingImageFile | undefined): Promise<ApiDataResponse<LandingImageUpload>> {
    return { success: true, data: await this.images.upload(file) };
  }

  @Get('images/:file')
  @ApiFileAnswer({ mediaType: 'image/png', example: LANDING_IMAGE_BYTES_EXAMPLE, description: 'The image, whether or not a publication shows it' })
  @ApiFailures('LANDING_IMAGE_NOT_FOUND')
  @ApiOperation({ summary: "Any uploaded landing image, for the draft's preview" })
  async draftImage(@Param('file') file: string, @Res() response: Response): Promise<void> {
    sendImage(response, await this.images.serveAny(file), 'private, no-store');
  }

  @Get('draft')
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(LANDING_DRAFT, { description: 'The draft, or the live content when none was saved since' })
  @ApiOperation({ summary: 'The draft the back office edits (网站内容)' })
  async draft(): Promise<ApiDataResponse<LandingDraft>> {
    return { success: true, data: await this.content.draft() };
  }

  @Put('draft')
  @Audited({ action: 'landing.draft.save', entity: 'landing_content' })
  @ApiBody({ required: true, description: 'Every block, zh and en side by side', schema: LANDING_CONTENT, examples: { valid: { summary: 'A body the API accepts', value: LANDING_CONTENT_EXAMPLE } } })
  @ApiDataAnswer(LANDING_DRAFT, { description: 'The draft as saved (not yet live)', message: LANDING_CONTENT_MESSAGES.draftSaved })
  @ApiFailures('LANDING_TEXT_REQUIRED', 'LANDING_TEXT_TOO_LONG', 'LANDING_LIST_SIZE', 'LANDING_INVALID_VALUE')
  @ApiOperation({ summary: 'Saves the draft; each failing field is named in `errors` with its own limit' })
  async saveDraft(@Body() content: unknown): Promise<ApiDataResponse<LandingDraft> & { message: string }> {
    return { success: true, message: LANDING_CONTENT_MESSAGES.draftSaved, data: await this.content.saveDraft(content) };
  }

  @Post('publish')
  @HttpCode(200)
  @Audited({ action: 'landing.publish', entity: 'landing_content', details: ({ answer }) => ({ publicationId: (answer as ApiDataResponse<LandingPublicationSummary>).data.id }) })
  @ApiDataAnswer(LANDING_PUBLICATION_SUMMARY, { description: 'The new publication, live at once', message: LANDING_CONTENT_MESSAGES.published })
  @ApiOperation({ summary: 'Publishes the draft: the landing page shows it within a second' })
  async publish(@Req() request: Request): Promise<ApiDataResponse<LandingPublicationSummary> & { message: string }> {
    return { success: true, message: LANDING_CONTENT_MESSAGES.published, data: await this.content.publish((request.user as SessionUser).email) };
  }

  @Get('publications')
  @Header('Cache-Control', 'no-store')
  @ApiListAnswer(LANDING_PUBLICATION_SUMMARY, { resource: 'landing publications', description: 'Every publication, newest (live) first' })
  @ApiOperation({ summary: 'The history of publications' })
  async history(): Promise<{ success: true; data: LandingPublicationSummary[]; total: number }> {
    const data = await this.content.history();
    return { success: true, data, total: data.length };
  }

  @Get('publications/:id')
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(LANDING_PUBLICATION, { description: 'An earlier publication and what it said' })
  @ApiFailures('LANDING_PUBLICATION_NOT_FOUND')
  @ApiOperation({ summary: 'One publication, for the history and its preview' })
  async publication(@Param('id', publicationId) id: number): Promise<ApiDataResponse<LandingPublication>> {
    return { success: true, data: await this.content.publication(id) };
  }

  @Post('publications/:id/restore')
  @HttpCode(200)
  @Audited({
    action: 'landing.restore',
    entity: 'landing_content',
    entityId: ({ request }) => String(request.params.id),
    details: ({ answer }) => ({ publicationId: (answer as ApiDataResponse<LandingPublicationSummary>).data.id }),
  })
  @ApiDataAnswer(LANDING_PUBLICATION_SUMMARY, { description: 'The new publication that restored it, live at once', message: LANDING_CONTENT_MESSAGES.restored })
  @ApiFailures('LANDING_PUBLICATION_NOT_FOUND')
  @ApiOperation({ summary: 'Publishes an earlier publication again (and makes it the draft)' })
  async restore(@Param('id', publicationId) id: number, @Req() request: Request): Promise<ApiDataResponse<LandingPublicationSummary> & { message: string }> {
    return { success: true, message: LANDING_CONTENT_MESSAGES.restored, data: await this.content.restore(id, (request.user as SessionUser).email) };
  }
}
