import HowToRegIcon from '@mui/icons-material/HowToReg';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

/** One chunk for the section's screens, fetched when the section is first opened (issue 18). */
const screens = () => import('./screens');

/** The registrations tab of spec §2 (GET/PATCH /api/registrations). */
export const registrationsResource = {
  name: 'registrations',
  list: lazy(() => screens().then((module) => ({ default: module.RegistrationList }))),
  edit: lazy(() => screens().then((module) => ({ default: module.RegistrationEdit }))),
  icon: HowToRegIcon,
  recordRepresentation: 'name',
} satisfies ResourceProps;
