/** The consultation-messages section's screens, bundled as one lazily loaded chunk by index.ts. */
export { MessageEdit } from './MessageEdit';
export { MessageList } from './MessageList';
