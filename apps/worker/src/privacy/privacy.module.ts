import { Module } from '@nestjs/common';
import { LeadRetentionService } from './lead-retention.service';

/** Personal-data duties of the worker (issue 17): lead retention. */
@Module({ providers: [LeadRetentionService] })
export class PrivacyModule {}
