import { type ApiDataResponse, type ApiListResponse, NOTIFICATION_CALL_RESOURCE, type NotificationCallResponse, type PhoneConfigResponse, type PhoneTestResponse } from '@aipm/contracts';
import { Controller, Get, Header, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiDataAnswer, ApiFailures, ApiListAnswer } from '../common/openapi/api-answers';
import { NOTIFICATION_CALL, PHONE_CONFIG, PHONE_TEST } from './docs/phone.docs';
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
  ) {}

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
