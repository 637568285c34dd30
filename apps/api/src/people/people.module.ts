import { Module } from '@nestjs/common';
import { ContactModule } from '../contact/contact.module';
import { RegistrationsModule } from '../registrations/registrations.module';
import { StudentsModule } from '../students/students.module';
import { PeopleController } from './people.controller';
import { PeopleRepository } from './people.repository';
import { PeopleService } from './people.service';
import { PersonTimelineService } from './timeline/person-timeline.service';

/** One person across their records: the person page, and the duties to them (docs/product/back-office.md#personal-data): erasure, a copy of their data and a masked phone in full, across leads and students. */
@Module({
  imports: [RegistrationsModule, ContactModule, StudentsModule],
  controllers: [PeopleController],
  providers: [PeopleService, PeopleRepository, PersonTimelineService],
})
export class PeopleModule {}
