import {
  DEFAULT_PAYMENT_METHOD,
  formatIsoDate,
  formatMoneyFromCents,
  GUARANTEE_STATUSES,
  type GuaranteeEntryResponse,
  type GuaranteeTerms,
  parseYuanToCents,
  PaymentKind,
} from '@aipm/contracts';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Chip, TextField, type Theme, Typography, useMediaQuery } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Confirm, DataTable, List, ReferenceField, SearchInput, SelectInput, SimpleList, useCreate, useNotify, useRefresh, useTranslate } from 'react-admin';
import { GUARANTEE_SETTINGS_QUERY_KEY, GUARANTEE_SUMMARY_QUERY_KEY, useGuaranteeApi } from './guaranteeApi';
import { StudentTabs } from './StudentParts';

const Column = DataTable.Col<GuaranteeEntryResponse>;
const money = (entry: GuaranteeEntryResponse, cents: number | null) => (cents === null ? '—' : formatMoneyFromCents(cents, entry.currency));

/** The status, with the rule that failed for 不符合条件; coloured by what it asks of the administrator. */
function StatusChip({ entry }: { entry: GuaranteeEntryResponse }) {
  const translate = useTranslate();
  const color = entry.status === 'refund_due' || entry.status === 'bonus_due' ? 'warning' : entry.status === 'open' ? 'info' : 'default';
  const status = translate(`aipm.students.guarantee.status.${entry.status}`);
  const label = entry.failedRule ? translate('aipm.students.guarantee.status_with_rule', { status, rule: translate(`aipm.students.guarantee.failed_rule.${entry.failedRule}`) }) : status;
  return <Chip size="small" color={color} variant="outlined" label={label} data-testid="guarantee-status" />;
}

/**
 * 支付退款 / 支付奖励 on an entry that owes money: after a confirm naming the amount, a payment of the guarantee's kind
 * (a refund negative) by bank transfer today, which settles the entry (docs/product/guarantee.md#paying-a-refund-or-a-bonus).
 */
function PayButton({ entry }: { entry: GuaranteeEntryResponse }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [create, { isPending }] = useCreate();
  const [asking, setAsking] = useState(false);
  if (entry.owed <= 0 || (entry.status !== 'refund_due' && entry.status !== 'bonus_due')) return null;
  const refund = entry.status === 'refund_due';
  const action = translate(refund ? 'aipm.students.guarantee.pay_refund' : 'aipm.students.guarantee.pay_bonus');
  const amount = formatMoneyFromCents(entry.owed, entry.currency);
  const pay = () =>
    void create(
      'payments',
      {
        data: {
          studentId: entry.studentId,
          contractId: entry.id,
          kind: refund ? PaymentKind.Refund : PaymentKind.Bonus,
          amount: refund ? -entry.owed : entry.owed,
          paymentMethod: DEFAULT_PAYMENT_METHOD,
          paymentDate: formatIsoDate(new Date()),
        },
      },
      {
        onSuccess: () => {
          setAsking(false);
          notify('aipm.students.guarantee.paid', { type: 'success' });
          void queryClient.invalidateQueries({ queryKey: GUARANTEE_SUMMARY_QUERY_KEY });
          refresh();
        },
        onError: (error) => notify('aipm.students.guarantee.pay_failed', { type: 'error', messageArgs: { message: translate(error instanceof Error ? error.message : String(error)) } }),
      },
    );
  return (
    <>
      <Button size="small" variant="outlined" onClick={(event) => (event.stopPropagation(), setAsking(true))} aria-label={translate('aipm.students.guarantee.pay_named', { action, contract: entry.contractNumber })}>
        {action}
      </Button>
      <Confirm
        isOpen={asking}
        loading={isPending}
        title={translate('aipm.students.guarantee.confirm_title', { action })}
        content={translate(refund ? 'aipm.students.guarantee.confirm_refund' : 'aipm.students.guarantee.confirm_bonus', { amount, contract: entry.contractNumber, student: entry.studentName })}
        onConfirm={pay}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

const TERM_FIELDS: ReadonlyArray<keyof GuaranteeTerms> = ['target', 'refundRate', 'bonusThreshold', 'bonusRate', 'windowDays', 'minAttendance'];
const termText = (term: keyof GuaranteeTerms, value: number) => (term === 'target' ? (value / 100).toFixed(2) : String(value));

/** 保障规则（默认值）: the six default terms, saved together; the ledger follows on its next read. */
function GuaranteeSettings() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const api = useGuaranteeApi();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: GUARANTEE_SETTINGS_QUERY_KEY, queryFn: () => api.settings() });
  const [edits, setEdits] = useState<Partial<Record<keyof GuaranteeTerms, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<keyof GuaranteeTerms, string>>>({});
  const save = useMutation({
    mutationFn: (terms: Partial<GuaranteeTerms>) => api.saveSettings(terms),
    onSuccess: (saved) => {
      queryClient.setQueryData(GUARANTEE_SETTINGS_QUERY_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: GUARANTEE_SUMMARY_QUERY_KEY });
      setEdits({});
      notify('aipm.students.guarantee.settings_saved', { type: 'success' });
      refresh();
    },
    onError: (error) => {
      const fields = (error as { body?: { errors?: Record<string, string> } }).body?.errors ?? {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const terms: Partial<Record<keyof GuaranteeTerms, number | string>> = {};
    for (const [term, text] of Object.entries(edits) as Array<[keyof GuaranteeTerms, string]>) {
      if (text.trim() === '') continue;
      // Text that is no number goes as it is: the API refuses it with the term's own message.
      terms[term] = term === 'target' ? (parseYuanToCents(text) ?? text) : Number.isInteger(Number(text)) ? Number(text) : text;
    }
    save.mutate(terms as Partial<GuaranteeTerms>);
  };
  return (
    <Accordion disableGutters sx={{ mb: 2 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="guarantee-settings" id="guarantee-settings-header">
        <Typography component="h2" variant="subtitle1">
          {translate('aipm.students.guarantee.settings')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="guarantee-settings">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('aipm.students.guarantee.settings_hint')}
        </Typography>
        <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          {TERM_FIELDS.map((term) => (
            <TextField
              key={term}
              size="small"
              label={translate(`aipm.students.guarantee.terms.${term}`)}
              value={edits[term] ?? (settings.data ? termText(term, settings.data[term]) : '')}
              disabled={!settings.data}
              onChange={(event) => setEdits((current) => ({ ...current, [term]: event.target.value }))}
              error={!!errors[term]}
              helperText={errors[term] ? translate(errors[term]) : ' '}
              slotProps={{ htmlInput: { inputMode: term === 'target' ? 'decimal' : 'numeric' } }}
            />
          ))}
          <Box>
            <Button type="submit" variant="contained" disabled={save.isPending || Object.keys(edits).length === 0}>
              {translate('aipm.students.guarantee.save_settings')}
            </Button>
          </Box>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

/** No guaranteed contract yet: contracts gain the guarantee on their own form, there is nothing to create here. */
function LedgerEmpty() {
  const translate = useTranslate();
  return (
    <Typography sx={{ py: 8, px: 2, textAlign: 'center', color: 'text.secondary' }} data-testid="student-empty">
      {translate('aipm.students.guarantee.empty')}
    </Typography>
  );
}

/**
 * 薪资保障 (docs/product/guarantee.md): every guaranteed contract with its status, the window's end, the best offer
 * and what is owed, most owed first, filterable by status; each due item paid from its row; the default terms above.
 */
export function GuaranteeLedger() {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const statusChoices = GUARANTEE_STATUSES.map((id) => ({ id, name: translate(`aipm.students.guarantee.status.${id}`) }));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('aipm.students.guarantee.search')} aria-label={translate('aipm.students.guarantee.search')} />,
    <SelectInput key="status" source="status" label="aipm.students.guarantee.filter_status" choices={statusChoices} alwaysOn />,
  ];
  return (
    <>
      <StudentTabs />
      <GuaranteeSettings />
      <List resource="guarantee" title="aipm.students.guarantee.title" filters={filters} sort={{ field: 'owed', order: 'DESC' }} perPage={25} exporter={false} actions={false} empty={<LedgerEmpty />}>
        {phone ? (
          <SimpleList<GuaranteeEntryResponse>
            linkType={false}
            primaryText={(entry) => `${entry.contractNumber} · ${entry.studentName}`}
            secondaryText={(entry) => (
              <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'center' }}>
                <StatusChip entry={entry} />
                <span>
                  {translate('aipm.students.guarantee.columns.window_end')}：{entry.windowEnd ?? translate('aipm.students.guarantee.not_started')}
                </span>
                <span>
                  {translate('aipm.students.guarantee.columns.owed')}：{money(entry, entry.owed)}
                </span>
                <PayButton entry={entry} />
              </Box>
            )}
          />
        ) : (
          <DataTable<GuaranteeEntryResponse> bulkActionButtons={false} rowClick={false}>
            <Column source="contractNumber" label="aipm.students.guarantee.columns.contract" />
            <Column source="studentName" label="aipm.students.guarantee.columns.student" render={() => <ReferenceField source="studentId" reference="students" link="show" />} />
            <Column source="status" label="aipm.students.guarantee.columns.status" render={(entry) => <StatusChip entry={entry} />} />
            <Column source="windowEnd" label="aipm.students.guarantee.columns.window_end" render={(entry) => entry.windowEnd ?? translate('aipm.students.guarantee.not_started')} />
            <Column source="bestSalary" label="aipm.students.guarantee.columns.best_salary" disableSort render={(entry) => money(entry, entry.bestSalary)} />
            <Column source="owed" label="aipm.students.guarantee.columns.owed" render={(entry) => money(entry, entry.owed)} />
            <Column source="exposure" label="aipm.students.guarantee.columns.exposure" render={(entry) => money(entry, entry.exposure)} />
            <Column source="id" label="aipm.students.guarantee.columns.actions" disableSort render={(entry) => <PayButton entry={entry} />} />
          </DataTable>
        )}
      </List>
    </>
  );
}
