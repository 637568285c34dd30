import { StudentContract } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StudentsModule } from '../students.module';
import { ContractsController } from './contracts.controller';
import { ContractsService } from './contracts.service';

/** Student contracts (the contracts sub-tab). */
@Module({
  imports: [TypeOrmModule.forFeature([StudentContract]), StudentsModule],
  controllers: [ContractsController],
  providers: [ContractsService],
})
export class ContractsModule {}
