import { PublishedJob } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PublishedJobsAdminController } from './published-jobs-admin.controller';
import { PublishedJobsAdminService } from './published-jobs-admin.service';

/** The admin's published-job management (docs/product/crawler.md#published-jobs): list, show/deactivate, delete. */
@Module({
  imports: [TypeOrmModule.forFeature([PublishedJob])],
  controllers: [PublishedJobsAdminController],
  providers: [PublishedJobsAdminService],
})
export class PublishedJobsAdminModule {}
