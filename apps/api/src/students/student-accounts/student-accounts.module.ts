import { StudentAccount } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../../auth/auth.module';
import { StudentsModule } from '../students.module';
import { StudentAccountsController } from './student-accounts.controller';
import { StudentAccountsRepository } from './student-accounts.repository';
import { StudentAccountsService } from './student-accounts.service';

/** Student logins (docs/product/README.md#student-accounts: a separate kind of login tied to a student record). */
@Module({
  imports: [TypeOrmModule.forFeature([StudentAccount]), StudentsModule, AuthModule],
  controllers: [StudentAccountsController],
  providers: [StudentAccountsService, StudentAccountsRepository],
})
export class StudentAccountsModule {}
