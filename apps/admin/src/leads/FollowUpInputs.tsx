import { CLOSED_LEAD_STATUSES, LEAD_LIMITS, type LeadFollowUp, type LeadStatus, leadStatusReasonLabel } from '@aipm/contracts';
import { Box, Button, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { maxLength, required, SelectInput, TextInput, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { statusChoices, useLeadKind } from './leadChoices';
import { type StatusReasonChoice, StatusReasonDialog, useLeadStatusReasons } from './StatusReasonDialog';

const isClosed = (status: unknown): status is LeadStatus => CLOSED_LEAD_STATUSES.includes(status as LeadStatus);

/**
 * What the administrator edits on a lead: status new → contacted → enrolled | invalid | lost, and a note; follow-ups
 * are scheduled beside the form (LeadFollowUps, ADR 073). Choosing invalid or lost asks for the reason (a dialog); cancelling it puts the status back. The reason and
 * its note are form values, saved with the rest.
 */
export function FollowUpInputs() {
  const kind = useLeadKind();
  const record = useRecordContext<LeadFollowUp & { id: string }>();
  const { setValue } = useFormContext();
  const status = useWatch({ name: 'status' }) as LeadStatus | undefined;
  const statusReason = useWatch({ name: 'statusReason' }) as string | null | undefined;
  const statusNote = useWatch({ name: 'statusNote' }) as string | null | undefined;
  const [asking, setAsking] = useState<LeadStatus | null>(null);
  // The status before the one the dialog asks about: what a cancel goes back to.
  const settled = useRef<LeadStatus | undefined>(record?.status);

  const changed = (next: unknown) => {
    if (isClosed(next)) {
      setAsking(next);
      return;
    }
    settled.current = next as LeadStatus;
    // Back to a status that needs no reason: the stored reason stays as it was, so it is not sent (the API clears it).
    setValue('statusReason', record?.statusReason ?? null);
    setValue('statusNote', record?.statusNote ?? null);
  };
  const confirm = (choice: StatusReasonChoice) => {
    settled.current = asking ?? settled.current;
    setValue('statusReason', choice.statusReason, { shouldDirty: true });
    setValue('statusNote', choice.statusNote, { shouldDirty: true });
    setAsking(null);
  };
  const cancel = () => {
    setValue('status', settled.current, { shouldDirty: true });
    setAsking(null);
  };

  return (
    <>
      <SelectInput
        source="status"
        choices={statusChoices(kind)}
        validate={required()}
        fullWidth
        onChange={(event: { target?: { value?: unknown } }) => changed(event?.target?.value)}
      />
      {isClosed(status) && statusReason && (
        <ReasonShown reason={statusReason} note={statusNote ?? null} onChange={() => setAsking(status)} />
      )}
      <StatusReasonDialog status={asking} initial={{ statusReason: statusReason ?? undefined, statusNote: statusNote ?? undefined }} onConfirm={confirm} onCancel={cancel} />
      <TextInput source="note" multiline minRows={3} fullWidth validate={maxLength(LEAD_LIMITS.note)} />
    </>
  );
}

/** The reason of a lead given up, by its label in the page's language (a retired reason keeps its label). */
function ReasonShown({ reason, note, onChange }: { reason: string; note: string | null; onChange: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const reasons = useLeadStatusReasons(true);
  const label = leadStatusReasonLabel(reasons.data ?? [], reason, locale === 'en' ? 'en' : 'zh');
  return (
    <Box data-testid="lead-status-reason" sx={{ mb: 2, width: '100%' }}>
      <Typography variant="body2">
        {translate('aipm.lead_follow_up.reason')}：{label}
      </Typography>
      {note && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {translate('aipm.lead_follow_up.status_note')}：{note}
        </Typography>
      )}
      <Button size="small" onClick={onChange} sx={{ px: 0 }}>
        {translate('aipm.lead_follow_up.change_reason')}
      </Button>
    </Box>
  );
}
