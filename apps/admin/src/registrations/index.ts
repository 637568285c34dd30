import HowToRegIcon from '@mui/icons-material/HowToReg';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

/** The list's chunk: its lazy component below, and sections/firstScreens.ts when the address opens the list. */
export const loadRegistrationList = () => import('./RegistrationList');

/**
 * The list and the edit page are chunks of their own (ADR 040): the list's first paint does not wait for the
 * edit page's form, follow-up inputs and erasure dialog.
 */
const RegistrationList = lazy(() => loadRegistrationList().then((module) => ({ default: module.RegistrationList })));
const RegistrationEdit = lazy(() => import('./RegistrationEdit').then((module) => ({ default: module.RegistrationEdit })));

/** The registrations tab (docs/product/back-office.md#registrations-and-messages; GET/PATCH /api/registrations). */
export const registrationsResource = {
  name: 'registrations',
  list: RegistrationList,
  edit: RegistrationEdit,
  icon: HowToRegIcon,
  recordRepresentation: 'name',
} satisfies ResourceProps;
