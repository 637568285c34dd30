/** The share-settings section's screens, bundled as one lazily loaded chunk by index.ts. */
export { ShareConfigCreate, ShareConfigEdit } from './ShareConfigForm';
export { ShareConfigList } from './ShareConfigList';
