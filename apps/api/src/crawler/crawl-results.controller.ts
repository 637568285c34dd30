import { CRAWL_MESSAGES, crawlClearedMessage, LIST_TOTAL_ESTIMATED_HEADER, type CrawlResultResponse, type CrawlResultsPage, CrawlResultStatus } from '@aipm/contracts';
import { CreateManualJobDto, ReviewCrawlResultDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiDataAnswer, ApiFailures, ApiJsonBody } from '../common/openapi/api-answers';
import { integer, listOf } from '../common/openapi/schemas';
import { CLEARED, CRAWL_RESULT, MANUAL_JOB_BODY, PUBLISHED_CRAWL_RESULT, REVIEW_BODY } from './docs/crawler.docs';
import { CrawlResultsService } from './crawl-results.service';
import { CRAWL_RESULTS_MAX_LIMIT, ListCrawlResultsQuery } from './dto/list-crawl-results.query';
import { idParam } from '../common/errors/id-param';
import { Audited } from '../audit/audited.decorator';
import { CrawlResult } from '@aipm/database';

@ApiTags('admin: crawling')
@Controller('admin/crawl-results')
export class CrawlResultsController {
  constructor(private readonly results: CrawlResultsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(listOf(CRAWL_RESULT), { description: 'One page of results, newest first, and how many match', extra: { total: integer(57, 'Review items matching the filters (past 10,000 the estimate, with totalIsEstimate: true and the X-Total-Estimated header)') } })
  @ApiFailures('LIMIT_NOT_INTEGER', 'LIMIT_TOO_SMALL', 'LIMIT_TOO_LARGE', 'INVALID_LIST_QUERY', 'INVALID_TASK_ID', 'INVALID_SITE', 'INVALID_RESULT_STATUS')
  @ApiOperation({ summary: 'Crawl results for review (?limit=&offset=, filters taskId, site, status)' })
  async list(@Query() query: ListCrawlResultsQuery, @Res({ passthrough: true }) response: Response): Promise<CrawlResultsPage> {
    const { data, total, totalIsEstimate } = await this.results.list({ ...query, limit: query.limit ?? CRAWL_RESULTS_MAX_LIMIT });
    // Past EXACT_COUNT_LIMIT the total is the planner's estimate, said as the other lists say it (ADR 028).
    if (!totalIsEstimate) return { success: true, data, total };
    response.setHeader(LIST_TOTAL_ESTIMATED_HEADER, 'true');
    return { success: true, data, total, totalIsEstimate };
  }

  @Post()
  @Audited({ action: 'crawl_result.create', entity: 'crawl_result', row: CrawlResult })
  @ApiJsonBody(CreateManualJobDto, MANUAL_JOB_BODY)
  @ApiDataAnswer(CRAWL_RESULT, { status: 201, description: 'The job, approved', message: CRAWL_MESSAGES.manualJobCreated })
  @ApiFailures('DUPLICATE_SOURCE_URL')
  @ApiOperation({ summary: 'Adds a job by hand (created approved, ready to publish)' })
  async createManual(@Body() dto: CreateManualJobDto): Promise<{ success: true; message: string; data: CrawlResultResponse }> {
    return { success: true, message: CRAWL_MESSAGES.manualJobCreated, data: await this.results.createManual(dto) };
  }

  // Declared before ":id" routes; "clear" is not a UUID, so it could never reach them anyway.
  @Delete('clear')
  @Audited({ action: 'crawl_result.clear', entity: 'crawl_result', details: ({ answer }) => ({ deletedCount: (answer as { deletedCount?: number } | undefined)?.deletedCount ?? null }) })
  @ApiAnswer(CLEARED, { description: 'How many were deleted' })
  @ApiOperation({ summary: 'Deletes every result not published' })
  async clear(): Promise<{ success: true; message: string; deletedCount: number }> {
    const deletedCount = await this.results.clearUnpublished();
    return { success: true, message: crawlClearedMessage(deletedCount), deletedCount };
  }

  @Patch(':id/review')
  @Audited({ action: ({ request }) => ((request.body as { status?: string }).status === 'approved' ? 'crawl_result.approve' : 'crawl_result.reject'), entity: 'crawl_result', row: CrawlResult })
  @ApiJsonBody(ReviewCrawlResultDto, REVIEW_BODY)
  @ApiDataAnswer(CRAWL_RESULT, { description: 'The result as reviewed', message: CRAWL_MESSAGES.approved })
  @ApiFailures('INVALID_RESULT_ID', 'RESULT_NOT_FOUND', 'REVIEW_ONLY_PENDING')
  @ApiOperation({ summary: 'Approves or rejects a pending result' })
  async review(
    @Param('id', idParam('INVALID_RESULT_ID')) id: string,
    @Body() dto: ReviewCrawlResultDto,
  ): Promise<{ success: true; message: string; data: CrawlResultResponse }> {
    const data = await this.results.review(id, dto.status, dto.feedback);
    return { success: true, message: dto.status === CrawlResultStatus.Approved ? CRAWL_MESSAGES.approved : CRAWL_MESSAGES.rejected, data };
  }

  @Post(':id/publish')
  @Audited({ action: 'crawl_result.publish', entity: 'crawl_result', row: CrawlResult, details: ({ answer }) => ({ publishedJobId: (answer as { data?: { publishedJobId?: string } } | undefined)?.data?.publishedJobId ?? null }) })
  @HttpCode(200)
  @ApiDataAnswer(PUBLISHED_CRAWL_RESULT, { description: 'Published on the site', message: CRAWL_MESSAGES.published })
  @ApiFailures('INVALID_RESULT_ID', 'RESULT_NOT_FOUND', 'PUBLISH_ONLY_APPROVED')
  @ApiOperation({ summary: 'Publishes an approved result as a job on the site' })
  async publish(
    @Param('id', idParam('INVALID_RESULT_ID')) id: string,
  ): Promise<{ success: true; message: string; data: CrawlResultResponse & { publishedJobId: string } }> {
    const { result, publishedJobId } = await this.results.publish(id);
    return { success: true, message: CRAWL_MESSAGES.published, data: { ...result, publishedJobId } };
  }
}
