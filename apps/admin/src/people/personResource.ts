import type { PersonRecordResource } from '@aipm/contracts';

/** The API's name for a back-office resource that holds a person (the admin calls the contact messages `messages`). */
export function personResourceOf(adminResource: string): PersonRecordResource | undefined {
  if (adminResource === 'messages') return 'contact';
  return adminResource === 'registrations' || adminResource === 'students' ? adminResource : undefined;
}
