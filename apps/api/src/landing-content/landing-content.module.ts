import { Module } from '@nestjs/common';
import { CohortsModule } from '../cohorts/cohorts.module';
import { LandingContentAdminController, PublicLandingContentController } from './landing-content.controller';
import { LandingContentRepository } from './landing-content.repository';
import { LandingContentService } from './landing-content.service';

/** The landing page's content (docs/product/public-site.md#content-edited-in-the-back-office): draft, publish, history. */
@Module({
  imports: [CohortsModule],
  controllers: [PublicLandingContentController, LandingContentAdminController],
  providers: [LandingContentService, LandingContentRepository],
})
export class LandingContentModule {}
