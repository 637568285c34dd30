import { Module } from '@nestjs/common';
import { CohortsModule } from '../cohorts/cohorts.module';
import { UploadsModule } from '../uploads/uploads.module';
import { LandingContentAdminController, PublicLandingContentController } from './landing-content.controller';
import { LandingContentRepository } from './landing-content.repository';
import { LandingContentService } from './landing-content.service';
import { LandingImagesService } from './landing-images.service';

/** The landing page's content (docs/product/public-site.md#content-edited-in-the-back-office): draft, publish, history, and its images (ADR 076). */
@Module({
  imports: [CohortsModule, UploadsModule],
  controllers: [PublicLandingContentController, LandingContentAdminController],
  providers: [LandingContentService, LandingContentRepository, LandingImagesService],
})
export class LandingContentModule {}
