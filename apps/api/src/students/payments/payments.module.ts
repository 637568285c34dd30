import { StudentPayment } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StudentsModule } from '../students.module';
import { PaymentNumberGenerator } from './payment-number.generator';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';

/** Student payments: the payments section of the student card. */
@Module({
  imports: [TypeOrmModule.forFeature([StudentPayment]), StudentsModule],
  controllers: [PaymentsController],
  providers: [PaymentsService, PaymentNumberGenerator],
})
export class PaymentsModule {}
