import { Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';

import { NotificationSettingsTabs, SELECTED_TAB_CONTRAST } from '../wechat-share/NotificationSettingsTabs';
import { CrawlerCheckCard } from './CrawlerCheckCard';
import { DailySummaryCard } from './DailySummaryCard';
import { NotificationLog } from './NotificationLog';
import type { PhoneProviderTab } from './phoneConfigApi';
import { ProviderPanel } from './ProviderPanel';

/**
 * 通知设置 → 电话通知 (docs/product/phone.md#notification-settings-screen): sub-tabs for the primary (Alibaba Cloud
 * voice) and the backup (Twilio), each with its status, tests and guide; the settings of the daily summary call and
 * of the crawler check call; below them the notification log of both.
 */
export function PhoneConfigSection() {
  const translate = useTranslate();
  const [provider, setProvider] = useState<PhoneProviderTab>('aliyun');
  return (
    <>
      <Title title="aipm.menu.phone_config" />
      <Typography component="h1" variant="h5" sx={{ mt: 2 }}>
        {translate('aipm.menu.phone_config')}
      </Typography>
      <NotificationSettingsTabs current="phone-config" />
      <Tabs
        value={provider}
        onChange={(_event, value: PhoneProviderTab) => setProvider(value)}
        aria-label={translate('aipm.phone_config.provider_tabs')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={SELECTED_TAB_CONTRAST}
      >
        <Tab value="aliyun" id="phone-tab-aliyun" aria-controls="phone-panel" label={translate('aipm.phone_config.primary_tab')} />
        <Tab value="twilio" id="phone-tab-twilio" aria-controls="phone-panel" label={translate('aipm.phone_config.backup_tab')} />
      </Tabs>
      <div role="tabpanel" id="phone-panel" aria-labelledby={`phone-tab-${provider}`}>
        <ProviderPanel key={provider} provider={provider} />
      </div>
      <DailySummaryCard />
      <CrawlerCheckCard />
      <NotificationLog />
    </>
  );
}
