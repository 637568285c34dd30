import { Tab, Tabs } from '@mui/material';
import { useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * The selected tab's text in the primary's dark shade: MUI's primary blue on react-admin's page background
 * (#fafafb) is 4.41:1, short of WCAG AA's 4.5:1 (axe color-contrast).
 */
export const SELECTED_TAB_CONTRAST = { '& .MuiTab-root.Mui-selected': { color: 'primary.dark' } } as const;

export type NotificationSettingsTab = 'phone-config' | 'wechat-share-configs';

/**
 * The sub-tabs of 通知设置 (docs/product/back-office.md#menu): the phone providers
 * (docs/product/phone.md#notification-settings-screen) and WeChat sharing. Share settings have no menu entry of their
 * own; they sit with the other outbound-channel settings the operator configures once
 * (docs/decisions/017-wechat-sharing.md).
 */
export function NotificationSettingsTabs({ current }: { current: NotificationSettingsTab }) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Tabs value={current} aria-label={translate('aipm.wechat_share.settings_tabs')} sx={{ mt: 1, mb: 1, ...SELECTED_TAB_CONTRAST }} variant="scrollable" allowScrollButtonsMobile>
      <Tab value="phone-config" label={translate('aipm.wechat_share.phone_tab')} component={Link} to={`${basename}/phone-config`} />
      <Tab value="wechat-share-configs" label={translate('aipm.wechat_share.tab')} component={Link} to={`${basename}/wechat-share-configs`} />
    </Tabs>
  );
}
