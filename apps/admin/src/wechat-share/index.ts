import ShareIcon from '@mui/icons-material/Share';
import { WECHAT_SHARE_RESOURCE } from '@aipm/contracts';
import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';

/** One chunk for the section's screens, fetched when the section is first opened (ADR 017). */
const screens = () => import('./screens');

/** Per-page WeChat share settings (docs/product/wechat.md#share-settings), a sub-tab of 通知设置. */
export const wechatShareResource = {
  name: WECHAT_SHARE_RESOURCE,
  list: lazy(() => screens().then((module) => ({ default: module.ShareConfigList }))),
  create: lazy(() => screens().then((module) => ({ default: module.ShareConfigCreate }))),
  edit: lazy(() => screens().then((module) => ({ default: module.ShareConfigEdit }))),
  icon: ShareIcon,
  recordRepresentation: 'title',
} satisfies ResourceProps;
