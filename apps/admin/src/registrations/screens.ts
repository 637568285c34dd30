/** The registrations section's screens, bundled as one lazily loaded chunk by index.ts. */
export { RegistrationEdit } from './RegistrationEdit';
export { RegistrationList } from './RegistrationList';
