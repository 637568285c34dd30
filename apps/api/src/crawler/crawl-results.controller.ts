import { CRAWL_MESSAGES, crawlClearedMessage, type CrawlResultResponse, type CrawlResultsPage, CrawlResultStatus } from '@aipm/contracts';
import { CreateManualJobDto, ReviewCrawlResultDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CrawlResultsService } from './crawl-results.service';
import { CRAWL_RESULTS_MAX_LIMIT, ListCrawlResultsQuery } from './dto/list-crawl-results.query';
import { idParam } from '../common/errors/id-param';

@ApiTags('admin: crawling')
@Controller('admin/crawl-results')
export class CrawlResultsController {
  constructor(private readonly results: CrawlResultsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  async list(@Query() query: ListCrawlResultsQuery): Promise<CrawlResultsPage> {
    const { data, total } = await this.results.list({ ...query, limit: query.limit ?? CRAWL_RESULTS_MAX_LIMIT });
    return { success: true, data, total };
  }

  @Post()
  async createManual(@Body() dto: CreateManualJobDto): Promise<{ success: true; message: string; data: CrawlResultResponse }> {
    return { success: true, message: CRAWL_MESSAGES.manualJobCreated, data: await this.results.createManual(dto) };
  }

  // Declared before ":id" routes; "clear" is not a UUID, so it could never reach them anyway.
  @Delete('clear')
  async clear(): Promise<{ success: true; message: string; deletedCount: number }> {
    const deletedCount = await this.results.clearUnpublished();
    return { success: true, message: crawlClearedMessage(deletedCount), deletedCount };
  }

  @Patch(':id/review')
  async review(
    @Param('id', idParam('INVALID_RESULT_ID')) id: string,
    @Body() dto: ReviewCrawlResultDto,
  ): Promise<{ success: true; message: string; data: CrawlResultResponse }> {
    const data = await this.results.review(id, dto.status, dto.feedback);
    return { success: true, message: dto.status === CrawlResultStatus.Approved ? CRAWL_MESSAGES.approved : CRAWL_MESSAGES.rejected, data };
  }

  @Post(':id/publish')
  @HttpCode(200)
  async publish(
    @Param('id', idParam('INVALID_RESULT_ID')) id: string,
  ): Promise<{ success: true; message: string; data: CrawlResultResponse & { publishedJobId: string } }> {
    const { result, publishedJobId } = await this.results.publish(id);
    return { success: true, message: CRAWL_MESSAGES.published, data: { ...result, publishedJobId } };
  }
}
