import { DEFAULT_PAYMENT_METHOD, formatIsoDate, formatMoneyFromCents, formatMoneyTotals, parseYuanToCents, PAYMENT_METHODS, type PaymentMethod, type PaymentResponse, type StudentResponse, sumMoneyTotals } from '@aipm/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, List as MuiList, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Confirm, useCreate, useDelete, useGetManyReference, useNotify, useRefresh, useTranslate } from 'react-admin';

/**
 * The payments of a student card (docs/product/students.md#payments): the payments, an add form (amount in yuan →
 * cents, method default transfer, date default today), delete behind a confirm, and the total (completed and pending,
 * shown apart when some are pending).
 */
export function PaymentsSection({ student }: { student: StudentResponse }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { data: payments = [], refetch } = useGetManyReference<PaymentResponse>('payments', {
    target: 'studentId',
    id: student.id,
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'paymentDate', order: 'DESC' },
  });
  const [create, { isPending: adding }] = useCreate();
  const [remove, { isPending: removing }] = useDelete();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const [date, setDate] = useState(() => formatIsoDate(new Date()));
  const [notes, setNotes] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const [dateError, setDateError] = useState<string>();
  const [toDelete, setToDelete] = useState<PaymentResponse>();

  const afterChange = async () => {
    await refetch();
    refresh(); // the card's total comes with the student record
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = amount.trim() === '' ? undefined : parseYuanToCents(amount);
    setAmountError(amount.trim() === '' ? 'aipm.students.payments.amount_required' : cents === undefined || cents <= 0 ? 'aipm.students.payments.invalid_amount' : undefined);
    setDateError(date ? undefined : 'aipm.students.payments.date_required');
    if (!cents || cents <= 0 || !date) return;
    void create(
      'payments',
      { data: { studentId: student.id, amount: cents, paymentMethod: method, paymentDate: date, ...(notes.trim() ? { notes: notes.trim() } : {}) } },
      {
        onSuccess: async () => {
          notify('aipm.students.payments.added', { type: 'success' });
          setAmount('');
          setNotes('');
          await afterChange();
        },
        onError: (error) => notify(error instanceof Error ? error.message : 'aipm.students.payments.add_failed', { type: 'error' }),
      },
    );
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    void remove(
      'payments',
      { id: toDelete.id, previousData: toDelete },
      {
        mutationMode: 'pessimistic',
        onSuccess: async () => {
          notify('aipm.students.payments.deleted', { type: 'success' });
          setToDelete(undefined);
          await afterChange();
        },
        onError: () => notify('aipm.students.payments.delete_failed', { type: 'error' }),
      },
    );
  };

  return (
    <Box component="section" aria-labelledby="payments-heading" data-testid="payments-section">
      <Typography id="payments-heading" variant="h6" component="h2">
        {translate('aipm.students.sections.payments')}
      </Typography>
      {payments.length === 0 ? (
        <Typography color="text.secondary">{translate('aipm.students.payments.none')}</Typography>
      ) : (
        <MuiList dense>
          {payments.map((payment) => (
            <ListItem
              key={payment.id}
              secondaryAction={
                <IconButton edge="end" aria-label={`${translate('aipm.students.payments.delete')} ${payment.paymentNumber}`} onClick={() => setToDelete(payment)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText
                // A guarantee's refund (negative) or bonus says what it is (docs/product/guarantee.md).
                primary={`${payment.kind && payment.kind !== 'tuition' ? `${translate(`aipm.students.payment_kind.${payment.kind}`)} ` : ''}${formatMoneyFromCents(payment.amount, payment.currency)} · ${translate(`aipm.students.payment_method.${payment.paymentMethod}`)}`}
                secondary={`${payment.paymentDate} · ${payment.paymentNumber} · ${translate(`aipm.students.payment_status.${payment.status}`)}${payment.notes ? ` · ${payment.notes}` : ''}`}
              />
            </ListItem>
          ))}
        </MuiList>
      )}
      <Typography sx={{ fontWeight: 600, my: 1 }} data-testid="payments-total">
        {translate('aipm.students.payments.total')}: {formatMoneyTotals(sumMoneyTotals([student.paidTotals, student.pendingTotals ?? []]))}
        {/* Completed and pending apart when some are pending (docs/product/students.md#payments-total). */}
        {student.pendingTotals?.length
          ? translate('aipm.students.payments.total_breakdown', { completed: formatMoneyTotals(student.paidTotals), pending: formatMoneyTotals(student.pendingTotals) })
          : null}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={translate('aipm.students.fields.amount')}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          inputMode="decimal"
          error={!!amountError}
          helperText={amountError ? translate(amountError) : ' '}
        />
        <TextField select size="small" label={translate('aipm.students.fields.paymentMethod')} value={method} onChange={(event) => setMethod(event.target.value as PaymentMethod)} sx={{ minWidth: 140 }} helperText=" ">
          {PAYMENT_METHODS.map((value) => (
            <MenuItem key={value} value={value}>
              {translate(`aipm.students.payment_method.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label={translate('aipm.students.fields.paymentDate')}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          error={!!dateError}
          helperText={dateError ? translate(dateError) : ' '}
        />
        <TextField size="small" label={translate('aipm.students.fields.notes')} value={notes} onChange={(event) => setNotes(event.target.value)} helperText=" " />
        <Button type="submit" variant="contained" disabled={adding}>
          {translate('aipm.students.payments.add')}
        </Button>
      </Box>
      <Confirm
        isOpen={!!toDelete}
        loading={removing}
        title="aipm.students.payments.confirm_delete_title"
        content="aipm.students.payments.confirm_delete"
        translateOptions={{ number: toDelete?.paymentNumber ?? '' }}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(undefined)}
      />
    </Box>
  );
}
