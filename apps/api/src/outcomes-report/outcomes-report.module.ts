import { Module } from '@nestjs/common';
import { CohortsModule } from '../cohorts/cohorts.module';
import { GuaranteeModule } from '../guarantee/guarantee.module';
import { OutcomesReportController } from './outcomes-report.controller';
import { OutcomesReportRepository } from './outcomes-report.repository';
import { OutcomesReportService } from './outcomes-report.service';

/** The outcomes report (docs/product/outcomes-report.md); it measures against the guarantee's target. */
@Module({
  imports: [GuaranteeModule, CohortsModule],
  controllers: [OutcomesReportController],
  providers: [OutcomesReportService, OutcomesReportRepository],
  // The public site's hero figures read it (site-settings).
  exports: [OutcomesReportService],
})
export class OutcomesReportModule {}
