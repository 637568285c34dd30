import ChatIcon from '@mui/icons-material/Chat';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

/** The list's chunk: its lazy component below, and sections/firstScreens.ts when the address opens the list. */
export const loadMessageList = () => import('./MessageList');

/** The list and the edit page are chunks of their own, as the registrations' (ADR 040). */
const MessageList = lazy(() => loadMessageList().then((module) => ({ default: module.MessageList })));
const MessageEdit = lazy(() => import('./MessageEdit').then((module) => ({ default: module.MessageEdit })));

/**
 * The consultation-messages tab (docs/product/back-office.md#registrations-and-messages; GET/PATCH /api/contact,
 * mapped in data/dataProvider.ts).
 */
export const messagesResource = {
  name: 'messages',
  list: MessageList,
  edit: MessageEdit,
  icon: ChatIcon,
  recordRepresentation: 'name',
} satisfies ResourceProps;
