import type { PersonRecordResource } from '@aipm/contracts';

/** The API's name for a back-office resource that holds a person (the admin calls the contact messages `messages`). */
export function personResourceOf(adminResource: string): PersonRecordResource | undefined {
  if (adminResource === 'messages') return 'contact';
  return adminResource === 'registrations' || adminResource === 'students' ? adminResource : undefined;
}

/** The back-office resource of one of the API's person records: where its own page is. */
export function adminResourceOf(resource: PersonRecordResource): 'registrations' | 'messages' | 'students' {
  return resource === 'contact' ? 'messages' : resource;
}

/** The person page of a record (`/admin/people/:resource/:id`, the admin's resource names), as react-admin routes it. */
export const personPagePath = (adminResource: string, id: string) => `/people/${adminResource}/${id}`;
