import { Cohort } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CohortsController } from './cohorts.controller';
import { CohortsService } from './cohorts.service';

/** 期次 (docs/product/cohorts.md): the cohorts and the seats students take in them. */
@Module({
  imports: [TypeOrmModule.forFeature([Cohort])],
  controllers: [CohortsController],
  providers: [CohortsService],
  exports: [CohortsService],
})
export class CohortsModule {}
