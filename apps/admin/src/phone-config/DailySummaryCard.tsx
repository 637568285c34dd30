import { TextField } from '@mui/material';

import { CallSettingCard } from './CallSettingCard';
import { dailySummaryQueryKey, usePhoneConfigApi } from './phoneConfigApi';

/**
 * The daily summary call's setting (docs/product/phone.md#daily-summary-call): off by default, its time in Beijing
 * time and the Alibaba Cloud template it speaks from.
 */
export function DailySummaryCard() {
  const api = usePhoneConfigApi();
  return (
    <CallSettingCard
      messages="summary"
      titleId="phone-summary-title"
      testId="phone-daily-summary"
      queryKey={dailySummaryQueryKey}
      load={() => api.dailySummary()}
      save={(settings) => api.saveDailySummary(settings)}
    >
      {({ form, setForm, t }) => (
        <TextField
          type="time"
          label={t('time')}
          value={form.time}
          onChange={(event) => setForm({ ...form, time: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
          required
        />
      )}
    </CallSettingCard>
  );
}
