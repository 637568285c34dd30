import { StudentOutcome } from '@aipm/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StudentsModule } from '../students.module';
import { OutcomesController } from './outcomes.controller';
import { OutcomesService } from './outcomes.service';

/** Job outcomes with their evidence (docs/product/outcomes.md). */
@Module({
  imports: [TypeOrmModule.forFeature([StudentOutcome]), StudentsModule],
  controllers: [OutcomesController],
  providers: [OutcomesService],
  exports: [OutcomesService],
})
export class OutcomesModule {}
