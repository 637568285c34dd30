import { Module } from '@nestjs/common';
import { ContactModule } from '../contact/contact.module';
import { RegistrationsModule } from '../registrations/registrations.module';
import { StudentsModule } from '../students/students.module';
import { PeopleController } from './people.controller';
import { PeopleService } from './people.service';

/** Lead capture: the two public forms, their back-office resources, and PIPL erasure across them and the students. */
@Module({
  imports: [RegistrationsModule, ContactModule, StudentsModule],
  controllers: [PeopleController],
  providers: [PeopleService],
})
export class LeadsModule {}
