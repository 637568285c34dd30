import { Module } from '@nestjs/common';
import { ContactModule } from '../contact/contact.module';
import { RegistrationsModule } from '../registrations/registrations.module';
import { PeopleController } from './people.controller';
import { PeopleService } from './people.service';

/** Lead capture: the two public forms, their back-office resources, and PIPL erasure across both. */
@Module({
  imports: [RegistrationsModule, ContactModule],
  controllers: [PeopleController],
  providers: [PeopleService],
})
export class LeadsModule {}
