import { ContactMessage } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FormRateLimitGuard } from '../leads/form-rate-limit.guard';
import { NotifyRelayModule } from '../notifications/notify-relay.module';
import { LeadSettingsModule } from '../lead-settings/lead-settings.module';
import { ContactController } from './contact.controller';
import { ContactService } from './contact.service';

@Module({
  imports: [TypeOrmModule.forFeature([ContactMessage]), NotifyRelayModule, LeadSettingsModule],
  controllers: [ContactController],
  providers: [ContactService, FormRateLimitGuard],
})
export class ContactModule {}
