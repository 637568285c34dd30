import { Module } from '@nestjs/common';
import { CohortsModule } from '../cohorts/cohorts.module';
import { GuaranteeController } from './guarantee.controller';
import { GuaranteeLedgerRepository } from './guarantee-ledger.repository';
import { GuaranteeSettingsService } from './guarantee-settings.service';
import { GuaranteeService } from './guarantee.service';

/** The salary guarantee's ledger and default terms (docs/product/guarantee.md). */
// admin_config's repository is global (AdminConfigModule).
@Module({
  imports: [CohortsModule],
  controllers: [GuaranteeController],
  providers: [GuaranteeService, GuaranteeSettingsService, GuaranteeLedgerRepository],
  exports: [GuaranteeService, GuaranteeSettingsService],
})
export class GuaranteeModule {}
