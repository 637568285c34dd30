import { DateInput, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { type LeadKind, statusChoices, SUBJECT_CHOICES } from './leadChoices';

/**
 * The list filters the API understands (lead-list.query.ts): `q` over name, phone, email and school (or
 * message), status, subject (messages) and a creation-date range in China calendar days.
 */
export function useLeadFilters(kind: LeadKind) {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(`aipm.leads.filters.search_${kind}`)} />,
    <SelectInput key="status" source="status" choices={statusChoices(kind)} alwaysOn />,
    ...(kind === 'messages' ? [<SelectInput key="subject" source="subject" choices={SUBJECT_CHOICES} alwaysOn />] : []),
    <DateInput key="createdAt_gte" source="createdAt_gte" label="aipm.leads.filters.created_from" />,
    <DateInput key="createdAt_lte" source="createdAt_lte" label="aipm.leads.filters.created_to" />,
  ];
}
