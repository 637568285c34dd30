import { formatIsoDate, LEAD_LIMITS } from '@aipm/contracts';
import { DateInput, maxLength, required, SelectInput, TextInput } from 'react-admin';
import { statusChoices, useLeadKind } from './leadChoices';

/**
 * A follow-up date is a China calendar day: shown as that day whatever the browser's zone, and sent as
 * its midnight in China time (the API stores an instant).
 */
const followUpDay = {
  format: (value: string | null | undefined): string => (value ? formatIsoDate(value) : ''),
  parse: (value: string): string | null => (value ? `${value}T00:00:00+08:00` : null),
};

/** What the administrator edits on a lead: status new → contacted → enrolled | invalid, a note, a follow-up day. */
export function FollowUpInputs() {
  const kind = useLeadKind();
  return (
    <>
      <SelectInput source="status" choices={statusChoices(kind)} validate={required()} fullWidth />
      <DateInput source="followUpAt" format={followUpDay.format} parse={followUpDay.parse} fullWidth />
      <TextInput source="note" multiline minRows={3} fullWidth validate={maxLength(LEAD_LIMITS.note)} />
    </>
  );
}
