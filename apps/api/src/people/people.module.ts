import { Module } from '@nestjs/common';
import { ContactModule } from '../contact/contact.module';
import { RegistrationsModule } from '../registrations/registrations.module';
import { StudentsModule } from '../students/students.module';
import { PeopleController } from './people.controller';
import { PeopleRepository } from './people.repository';
import { PeopleService } from './people.service';
import { PersonTimelineService } from './timeline/person-timeline.service';
import { LeadMergesController } from './merges/lead-merges.controller';
import { LeadMergesService } from './merges/lead-merges.service';

/** One person across their records: the person page, duplicates merged reversibly, and the duties to them (docs/product/back-office.md#personal-data): erasure, a copy of their data and a masked phone in full, across leads and students. */
@Module({
  imports: [RegistrationsModule, ContactModule, StudentsModule],
  controllers: [PeopleController, LeadMergesController],
  providers: [PeopleService, PeopleRepository, PersonTimelineService, LeadMergesService],
})
export class PeopleModule {}
