import { type ApiDataResponse, type PaymentListResponse, type PaymentResponse, STUDENT_MESSAGES, STUDENT_RESOURCES } from '@aipm/contracts';
import { CreatePaymentDto } from '@aipm/contracts/dto';
import { Body, Controller, Delete, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiDataAnswer, ApiFailures, ApiJsonBody, ApiListAnswer } from '../../common/openapi/api-answers';
import { listOf } from '../../common/openapi/schemas';
import { CREATE_PAYMENT_BODY, MONEY_TOTAL, PAYMENT } from '../docs/students.docs';
import type { Response } from 'express';
import { idParam } from '../../common/errors/id-param';
import { pageOf } from '../../common/list/list-page';
import { ListPaymentsQuery } from './dto/list-payments.query';
import { toPaymentResponse } from './payment.mapper';
import { PaymentsService } from './payments.service';
import { Audited } from '../../audit/audited.decorator';
import { StudentPayment } from '@aipm/database';
import { STUDENT_RECORD_AUDIT_OMIT } from '../student-audit';

const PaymentIdPipe = idParam('INVALID_PAYMENT_ID');

/**
 * The payments calls of docs/product/students.md#payments (list by student, add, delete), administrator only.
 * Amounts are integer cents.
 */
@ApiTags('students')
@Controller('admin/payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get()
  @ApiListAnswer(PAYMENT, { resource: 'payments', description: 'One page; with ?studentId= also the student\'s totals', extra: { totals: listOf(MONEY_TOTAL, 'With ?studentId=: completed payments, per currency') } })
  @ApiFailures('INVALID_LIST_QUERY', 'LIMIT_TOO_LARGE', 'INVALID_STUDENT_ID')
  @ApiOperation({ summary: 'One student\'s payments (?studentId=) with their total, or react-admin list; Content-Range' })
  async list(@Query() query: ListPaymentsQuery, @Res({ passthrough: true }) response: Response): Promise<PaymentListResponse> {
    const page = await this.payments.list(query);
    const body: PaymentListResponse = pageOf(response, STUDENT_RESOURCES.payments, page, toPaymentResponse);
    return page.totals ? { ...body, totals: page.totals } : body;
  }

  @Post()
  @Audited({ action: 'payment.create', entity: 'payment', row: StudentPayment, omit: STUDENT_RECORD_AUDIT_OMIT })
  @ApiJsonBody(CreatePaymentDto, CREATE_PAYMENT_BODY)
  @ApiDataAnswer(PAYMENT, { status: 201, description: 'Booked', message: STUDENT_MESSAGES.paymentAdded })
  @ApiFailures('STUDENT_NOT_FOUND', 'CONTRACT_NOT_FOUND', 'CONTRACT_OF_ANOTHER_STUDENT', 'PAYMENT_CURRENCY_MISMATCH', 'PAYMENT_NUMBER_TAKEN')
  @ApiOperation({ summary: 'Books a payment; the PAY-yyyymmdd-XXXXXX number is made here when the body has none' })
  async create(@Body() dto: CreatePaymentDto): Promise<ApiDataResponse<PaymentResponse>> {
    return { success: true, message: STUDENT_MESSAGES.paymentAdded, data: toPaymentResponse(await this.payments.create(dto)) };
  }

  @Get(':id')
  @ApiDataAnswer(PAYMENT, { description: 'The payment' })
  @ApiFailures('INVALID_PAYMENT_ID', 'PAYMENT_NOT_FOUND')
  @ApiOperation({ summary: 'One payment (react-admin getOne)' })
  async find(@Param('id', PaymentIdPipe) id: string): Promise<ApiDataResponse<PaymentResponse>> {
    return { success: true, data: toPaymentResponse(await this.payments.find(id)) };
  }

  @Delete(':id')
  @Audited({ action: 'payment.delete', entity: 'payment', row: StudentPayment, omit: STUDENT_RECORD_AUDIT_OMIT })
  @ApiDataAnswer(PAYMENT, { description: 'The payment as it was', message: STUDENT_MESSAGES.paymentDeleted })
  @ApiFailures('INVALID_PAYMENT_ID', 'PAYMENT_NOT_FOUND')
  @ApiOperation({ summary: 'Deletes a payment' })
  async remove(@Param('id', PaymentIdPipe) id: string): Promise<ApiDataResponse<PaymentResponse>> {
    return { success: true, message: STUDENT_MESSAGES.paymentDeleted, data: toPaymentResponse(await this.payments.remove(id)) };
  }
}
