import { type ApiDataResponse, type ApiListResponse, type CrawlerCheckCallSettings, type DailySummarySettings, NOTIFICATION_CALL_RESOURCE, type NotificationCallResponse, type PhoneConfigResponse, type PhoneTestResponse } from '@aipm/contracts';
import { AdminConfig } from '@aipm/database';
import { Body, Controller, Get, Header, HttpCode, HttpStatus, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiDataAnswer, ApiFailures, ApiListAnswer } from '../common/openapi/api-answers';
import { CRAWLER_CHECK_CALL_SETTINGS, DAILY_SUMMARY_SETTINGS, NOTIFICATION_CALL, PHONE_CONFIG, PHONE_TEST } from './docs/phone.docs';
import { Audited } from '../audit/audited.decorator';
import { CrawlerCheckSettingsService } from './crawler-check-settings.service';
import { DailySummarySettingsService } from './daily-summary-settings.service';
import { CRAWLER_CHECK_CALL_SETTINGS_KEYS, DAILY_SUMMARY_SETTINGS_KEYS, parseCrawlerCheckCallSettings, parseDailySummarySettings } from '@aipm/contracts';
import { In } from 'typeorm';
import type { Response } from 'express';
import { idParam } from '../common/errors/id-param';
import { pageOf } from '../common/list/list-page';
import { ListQueryDto } from '../common/list/list-query.dto';
import { NotificationCallsService } from './notification-calls.service';
import { PhoneTestService } from './phone-test.service';

const NotificationCallId = idParam('INVALID_NOTIFICATION_CALL_ID');

/**
 * The phone notification routes of docs/product/phone.md#admin-calls (administrator only, like every /api/admin route):
 * the primary's and the backup's configuration status, the tests, and the notification log. No body; nothing secret is
 * answered.
 */
@ApiTags('admin: phone notification')
@Controller('admin')
export class PhoneAdminController {
  constructor(
    private readonly phone: PhoneTestService,
    private readonly log: NotificationCallsService,
    private readonly dailySummary: DailySummarySettingsService,
    private readonly crawlerCheck: CrawlerCheckSettingsService,
  ) {}

  @Get('phone-daily-summary')
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(DAILY_SUMMARY_SETTINGS, { description: 'The setting (its defaults while never saved)' })
  @ApiOperation({ summary: 'The daily summary call: on or off (off by default), its time in Asia/Shanghai, its template code' })
  async dailySummarySettings(): Promise<ApiDataResponse<DailySummarySettings>> {
    return { success: true, data: await this.dailySummary.read() };
  }

  @Put('phone-daily-summary')
  @Audited({
    action: 'settings.phone.summary.change',
    entity: 'phone_settings',
    snapshot: async ({ dataSource }) => ({ ...parseDailySummarySettings(await dataSource.getRepository(AdminConfig).findBy({ key: In(Object.values(DAILY_SUMMARY_SETTINGS_KEYS)) })) }),
  })
  @ApiBody({
    required: true,
    description: 'Any subset of enabled (boolean), time (HH:mm) and ttsCode (TTS_ and digits); switching on needs a template code',
    schema: { type: 'object', properties: { enabled: { type: 'boolean' }, time: { type: 'string', example: '09:00' }, ttsCode: { type: 'string', example: 'TTS_300000002' } } },
    examples: { valid: { summary: 'A body the API accepts', value: { enabled: true, time: '08:30', ttsCode: 'TTS_300000002' } } },
  })
  @ApiDataAnswer(DAILY_SUMMARY_SETTINGS, { description: 'The setting as saved' })
  @ApiFailures('PHONE_SUMMARY_ENABLED_INVALID', 'PHONE_SUMMARY_TIME_INVALID', 'PHONE_SUMMARY_TTS_CODE_INVALID')
  @ApiOperation({ summary: 'Saves the daily summary call setting; the worker applies it from the next minute' })
  async saveDailySummarySettings(@Body() body: unknown): Promise<ApiDataResponse<DailySummarySettings>> {
    return { success: true, data: await this.dailySummary.save(body) };
  }

  @Get('phone-crawler-check')
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(CRAWLER_CHECK_CALL_SETTINGS, { description: 'The setting (its defaults while never saved)' })
  @ApiOperation({ summary: 'The call when a crawl waits for a human check: on or off (off by default), its template code' })
  async crawlerCheckSettings(): Promise<ApiDataResponse<CrawlerCheckCallSettings>> {
    return { success: true, data: await this.crawlerCheck.read() };
  }

  @Put('phone-crawler-check')
  @Audited({
    action: 'settings.phone.crawler_check.change',
    entity: 'phone_settings',
    snapshot: async ({ dataSource }) => ({ ...parseCrawlerCheckCallSettings(await dataSource.getRepository(AdminConfig).findBy({ key: In(Object.values(CRAWLER_CHECK_CALL_SETTINGS_KEYS)) })) }),
  })
  @ApiBody({
    required: true,
    description: 'Any subset of enabled (boolean) and ttsCode (TTS_ and digits); switching on needs a template code',
    schema: { type: 'object', properties: { enabled: { type: 'boolean' }, ttsCode: { type: 'string', example: 'TTS_300000003' } } },
    examples: { valid: { summary: 'A body the API accepts', value: { enabled: true, ttsCode: 'TTS_300000003' } } },
  })
  @ApiDataAnswer(CRAWLER_CHECK_CALL_SETTINGS, { description: 'The setting as saved' })
  @ApiFailures('PHONE_CRAWLER_CHECK_ENABLED_INVALID', 'PHONE_CRAWLER_CHECK_TTS_CODE_INVALID')
  @ApiOperation({ summary: 'Saves the crawler check call setting; the worker applies it to the next site that starts waiting' })
  async saveCrawlerCheckSettings(@Body() body: unknown): Promise<ApiDataResponse<CrawlerCheckCallSettings>> {
    return { success: true, data: await this.crawlerCheck.save(body) };
  }

  @Get('phone-config')
  @Header('Cache-Control', 'no-store')
  @ApiAnswer(PHONE_CONFIG, { description: 'The backup provider\'s status' })
  @ApiOperation({ summary: 'Backup provider (Twilio) configuration: isValid, message, missingFields (environment variable names)' })
  backupConfig(): PhoneConfigResponse {
    return this.phone.backupConfig();
  }

  @Post('test-phone')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Places a test call through the backup provider to the backup number (TWILIO_BACKUP_TO); logged' })
  @ApiAnswer(PHONE_TEST, { description: 'The call was placed' })
  @ApiFailures('PHONE_NOT_CONFIGURED', 'PHONE_TEST_FAILED')
  async testBackupCall(): Promise<PhoneTestResponse> {
    return { success: true, message: await this.phone.testBackupCall() };
  }

  @Get('aliyun-config')
  @Header('Cache-Control', 'no-store')
  @ApiAnswer(PHONE_CONFIG, { description: 'The primary provider\'s status' })
  @ApiOperation({ summary: 'Primary provider (Alibaba Cloud voice) configuration: isValid, message, missingFields' })
  aliyunConfig(): PhoneConfigResponse {
    return this.phone.aliyunConfig();
  }

  @Post('test-aliyun')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Connection test of the primary: a signed read that checks the endpoint and the AccessKey; places no call' })
  @ApiAnswer(PHONE_TEST, { description: 'The endpoint and the AccessKey work' })
  @ApiFailures('ALIYUN_NOT_CONFIGURED', 'ALIYUN_CONNECTION_FAILED')
  async testAliyun(): Promise<PhoneTestResponse> {
    return { success: true, message: await this.phone.testAliyunConnection() };
  }

  @Post('test-aliyun-phone')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Places a test call through the primary to the sales number (PHONE_SALES_NUMBER); logged' })
  @ApiAnswer(PHONE_TEST, { description: 'The call was placed' })
  @ApiFailures('ALIYUN_NOT_CONFIGURED', 'ALIYUN_PHONE_TEST_FAILED')
  async testAliyunCall(): Promise<PhoneTestResponse> {
    return { success: true, message: await this.phone.testAliyunCall() };
  }

  @Get(NOTIFICATION_CALL_RESOURCE)
  @Header('Cache-Control', 'no-store')
  @ApiListAnswer(NOTIFICATION_CALL, { resource: NOTIFICATION_CALL_RESOURCE, description: 'One page of the log, newest first by default' })
  @ApiFailures('INVALID_LIST_QUERY')
  @ApiOperation({
    summary:
      'react-admin list of the notification log: range, sort (createdAt, provider, status, durationSeconds, costEstimateFen, leadCount), filter (q, status, provider, trigger, createdAt_gte, createdAt_lte, id); Content-Range',
  })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<ApiListResponse<NotificationCallResponse>> {
    return pageOf(response, NOTIFICATION_CALL_RESOURCE, await this.log.list(query), (row) => row);
  }

  @Get(`${NOTIFICATION_CALL_RESOURCE}/:id`)
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(NOTIFICATION_CALL, { description: 'One attempt' })
  @ApiFailures('INVALID_NOTIFICATION_CALL_ID', 'NOTIFICATION_CALL_NOT_FOUND')
  @ApiOperation({ summary: 'One entry of the notification log' })
  async find(@Param('id', NotificationCallId) id: string): Promise<ApiDataResponse<NotificationCallResponse>> {
    return { success: true, data: await this.log.find(id) };
  }
}
