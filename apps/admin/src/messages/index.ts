import ChatIcon from '@mui/icons-material/Chat';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

/** One chunk for the section's screens, fetched when the section is first opened (issue 18). */
const screens = () => import('./screens');

/** The consultation-messages tab of spec §2 (GET/PATCH /api/contact, mapped in dataProvider.ts). */
export const messagesResource = {
  name: 'messages',
  list: lazy(() => screens().then((module) => ({ default: module.MessageList }))),
  edit: lazy(() => screens().then((module) => ({ default: module.MessageEdit }))),
  icon: ChatIcon,
  recordRepresentation: 'name',
} satisfies ResourceProps;
