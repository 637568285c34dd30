import { Module } from '@nestjs/common';
import { ContactModule } from '../contact/contact.module';
import { RegistrationsModule } from '../registrations/registrations.module';
import { StudentsModule } from '../students/students.module';
import { PeopleController } from './people.controller';
import { PeopleRepository } from './people.repository';
import { PeopleService } from './people.service';

/** The duties to one person (docs/product/back-office.md#personal-data): erasure, a copy of their data and a masked phone in full, across leads and students. */
@Module({
  imports: [RegistrationsModule, ContactModule, StudentsModule],
  controllers: [PeopleController],
  providers: [PeopleService, PeopleRepository],
})
export class PeopleModule {}
