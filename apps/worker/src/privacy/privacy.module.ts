import { Module } from '@nestjs/common';
import { LeadRetentionService } from './lead-retention.service';

/** Personal-data duties of the worker (docs/product/back-office.md#personal-data): lead retention. */
@Module({ providers: [LeadRetentionService] })
export class PrivacyModule {}
