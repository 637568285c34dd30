import { formatMoneyFromCents, NOTIFICATION_CALL_RESOURCE, NOTIFICATION_CALL_STATUSES, type NotificationCallResponse, PHONE_PROVIDERS } from '@aipm/contracts';
import { Box, Chip, type Theme, Typography, useMediaQuery } from '@mui/material';
import { DataTable, List, SelectInput, SimpleList, useTranslate } from 'react-admin';

import { useFormatLeadDate } from '../leads/LeadDate';

/** react-admin's queries of the log start with its resource: a test call invalidates them. */
export const NOTIFICATION_LOG_QUERY_KEY = [NOTIFICATION_CALL_RESOURCE] as const;

const Column = DataTable.Col<NotificationCallResponse>;
const STATUS_COLOR = { dialing: 'info', placed: 'success', throttled: 'warning', refused: 'error', failed: 'error' } as const;

function useCallText() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`aipm.phone_config.${key}`, options);
  return {
    t,
    provider: (record: NotificationCallResponse) => t(`providers.${record.provider}`),
    lead: (record: NotificationCallResponse) => {
      if (record.trigger === 'test') return t('test_call_lead');
      if (record.trigger === 'summary') return t('summary_call_lead');
      if (record.trigger === 'crawler_check') return t('crawler_check_call_lead');
      if (record.leadCount > 1) return t('batch_lead', { count: record.leadCount });
      return record.leadKind ? `${t(`kinds.${record.leadKind}`)} · ${record.leadName ?? ''}` : t('batch_lead', { count: record.leadCount });
    },
    // The speech's estimate until the provider's record of the ended call replaces it.
    duration: (record: NotificationCallResponse) =>
      record.durationSeconds === null ? '—' : t(record.durationMeasured ? 'seconds' : 'seconds_estimated', { count: record.durationSeconds }),
    // Fen are the cents of docs/product/constants.md#money: one shared formatter, ¥ with two decimals.
    cost: (record: NotificationCallResponse) => formatMoneyFromCents(record.costEstimateFen),
  };
}

function StatusChip({ record }: { record: NotificationCallResponse }) {
  const { t } = useCallText();
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[record.status]} label={t(`statuses.${record.status}`)} />;
}

function Empty() {
  const translate = useTranslate();
  return (
    <Typography sx={{ py: 3, textAlign: 'center' }} color="text.secondary" data-testid="notification-log-empty">
      {translate('aipm.phone_config.log_empty')}
    </Typography>
  );
}

/**
 * The notification log (docs/product/phone.md#notification-log): every attempt of both lines, newest first: lead,
 * line, status, duration, cost estimate (about 0.13 RMB a minute) and the provider's error.
 */
export function NotificationLog() {
  const text = useCallText();
  const filters = [
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      variant="outlined"
      label="aipm.phone_config.fields.status"
      emptyText="aipm.phone_config.filter_all"
      choices={NOTIFICATION_CALL_STATUSES.map((status) => ({ id: status, name: text.t(`statuses.${status}`) }))}
    />,
    <SelectInput
      key="provider"
      source="provider"
      alwaysOn
      variant="outlined"
      label="aipm.phone_config.fields.provider"
      emptyText="aipm.phone_config.filter_all"
      choices={PHONE_PROVIDERS.map((provider) => ({ id: provider, name: text.t(`providers.${provider}`) }))}
    />,
  ];
  const format = useFormatLeadDate();
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <Box component="section" aria-labelledby="notification-log-title" sx={{ mt: 3 }}>
      <Typography id="notification-log-title" component="h2" variant="h6">
        {text.t('log_title')}
      </Typography>
      <List
        resource={NOTIFICATION_CALL_RESOURCE}
        title={false}
        // A block inside 通知设置, not a page: its paging stays out of the address bar.
        disableSyncWithLocation
        storeKey={false}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={10}
        exporter={false}
        actions={false}
        filters={filters}
        empty={<Empty />}
      >
        {small ? (
          <SimpleList<NotificationCallResponse>
            rowClick={false}
            primaryText={(record) => `${text.provider(record)} · ${text.lead(record)}`}
            secondaryText={(record) => (
              <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                {format(record.createdAt)} · {text.duration(record)} · {text.cost(record)}
                {record.error ? ` · ${record.error}` : ''}
              </Box>
            )}
            tertiaryText={(record) => text.t(`statuses.${record.status}`)}
          />
        ) : (
          <DataTable<NotificationCallResponse> rowClick={false} bulkActionButtons={false}>
            <Column source="createdAt" label="aipm.phone_config.fields.createdAt" render={(record) => format(record.createdAt)} />
            <Column source="leadCount" label="aipm.phone_config.fields.lead" disableSort render={text.lead} />
            <Column source="provider" label="aipm.phone_config.fields.provider" render={text.provider} />
            <Column source="status" label="aipm.phone_config.fields.status" render={(record) => <StatusChip record={record} />} />
            <Column source="durationSeconds" label="aipm.phone_config.fields.duration" render={text.duration} />
            <Column source="costEstimateFen" label="aipm.phone_config.fields.cost" render={text.cost} />
            <Column
              source="error"
              label="aipm.phone_config.fields.error"
              disableSort
              cellSx={() => ({ maxWidth: 320, overflowWrap: 'anywhere' })}
              render={(record) => record.error ?? ''}
            />
          </DataTable>
        )}
      </List>
    </Box>
  );
}
