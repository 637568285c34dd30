import HowToRegIcon from '@mui/icons-material/HowToReg';
import type { ResourceProps } from 'react-admin';
import { RegistrationEdit } from './RegistrationEdit';
import { RegistrationList } from './RegistrationList';

/** The registrations tab of spec §2 (GET/PATCH /api/registrations). */
export const registrationsResource = {
  name: 'registrations',
  list: RegistrationList,
  edit: RegistrationEdit,
  icon: HowToRegIcon,
  recordRepresentation: 'name',
} satisfies ResourceProps;
