import { AdminConfig, PublishedJob } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';

/** The public job list (docs/product/public-site.md#job-list-call). The admin's job management lives elsewhere. */
@Module({
  imports: [TypeOrmModule.forFeature([PublishedJob, AdminConfig])],
  controllers: [JobsController],
  providers: [JobsService],
})
export class JobsModule {}
