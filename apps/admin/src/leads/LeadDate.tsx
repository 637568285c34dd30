import { formatDate, formatDateTime } from '@aipm/contracts';
import { useLocaleState } from 'react-admin';

/**
 * yyyy年MM月dd日 HH:mm in China time (docs/product/constants.md#dates-and-times), whatever the administrator's browser
 * time zone.
 */
export function useFormatLeadDate(): (value: string | null | undefined) => string {
  const [locale] = useLocaleState();
  return (value) => (value ? formatDateTime(value, locale) : '');
}

export function LeadDate({ value }: { value: string | null | undefined }) {
  const format = useFormatLeadDate();
  return <span>{format(value)}</span>;
}

/** A follow-up is a China calendar day (FollowUpInputs sends its midnight): the day alone, never "00:00". */
export function LeadDay({ value }: { value: string | null | undefined }) {
  const [locale] = useLocaleState();
  return <span>{value ? formatDate(value, locale) : ''}</span>;
}
