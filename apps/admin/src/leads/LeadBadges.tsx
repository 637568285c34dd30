import type { ContactSubject, LeadStatus } from '@aipm/contracts';
import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { statusLabelKey, useLeadKind } from './leadChoices';

const STATUS_COLORS: Record<LeadStatus, ChipProps['color']> = {
  new: 'primary',
  contacted: 'info',
  enrolled: 'success',
  invalid: 'default',
  lost: 'warning',
};

/** The status badge (docs/product/back-office.md#lead-follow-up): 新报名 / 新咨询 while new, then the follow-up status. */
export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  const translate = useTranslate();
  const kind = useLeadKind();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status] ?? 'default'}
      variant={status === 'invalid' || status === 'lost' ? 'outlined' : 'filled'}
      label={translate(statusLabelKey(kind, status))}
      data-testid="lead-status"
      data-status={status}
    />
  );
}

export function SubjectBadge({ subject }: { subject: ContactSubject }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color="secondary" label={translate(`aipm.leads.subjects.${subject}`)} data-testid="lead-subject" />;
}

/**
 * Same phone again within 24 hours: counted on the first lead instead of a new one
 * (docs/product/lead-capture.md#repeat-registrations).
 */
export function RepeatBadge({ count }: { count: number }) {
  const translate = useTranslate();
  if (!count) return null;
  return <Chip size="small" variant="outlined" color="warning" label={translate('aipm.leads.repeat', { count })} data-testid="lead-repeat" />;
}
