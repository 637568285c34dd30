import { Registration } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FormRateLimitGuard } from '../leads/form-rate-limit.guard';
import { NotifyRelayModule } from '../notifications/notify-relay.module';
import { LeadSettingsModule } from '../lead-settings/lead-settings.module';
import { RegistrationsController } from './registrations.controller';
import { RegistrationsService } from './registrations.service';

@Module({
  imports: [TypeOrmModule.forFeature([Registration]), NotifyRelayModule, LeadSettingsModule],
  controllers: [RegistrationsController],
  providers: [RegistrationsService, FormRateLimitGuard],
})
export class RegistrationsModule {}
