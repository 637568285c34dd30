import ChatIcon from '@mui/icons-material/Chat';
import type { ResourceProps } from 'react-admin';
import { MessageEdit } from './MessageEdit';
import { MessageList } from './MessageList';

/** The consultation-messages tab of spec §2 (GET/PATCH /api/contact, mapped in dataProvider.ts). */
export const messagesResource = {
  name: 'messages',
  list: MessageList,
  edit: MessageEdit,
  icon: ChatIcon,
  recordRepresentation: 'name',
} satisfies ResourceProps;
