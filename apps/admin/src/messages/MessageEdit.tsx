import type { ContactMessageResponse } from '@aipm/contracts';
import { useRecordContext, useTranslate } from 'react-admin';
import { LeadStatusBadge, SubjectBadge } from '../leads/LeadBadges';
import { useFormatLeadDate } from '../leads/LeadDate';
import { LeadDetails, LeadEdit, SourceText } from '../leads/LeadEdit';
import { RevealablePhone } from '../people/RevealablePhone';

function MessageDetails() {
  const translate = useTranslate();
  const formatDate = useFormatLeadDate();
  const record = useRecordContext<ContactMessageResponse>();
  if (!record) return null;
  const field = (name: string) => translate(`resources.messages.fields.${name}`);
  return (
    <LeadDetails
      items={[
        { label: field('name'), value: record.name },
        { label: field('status'), value: <LeadStatusBadge status={record.status} /> },
        { label: field('createdAt'), value: formatDate(record.createdAt) },
        {
          label: translate('aipm.lead_follow_up.first_contacted_at'),
          value: record.firstContactedAt ? formatDate(record.firstContactedAt) : translate('aipm.lead_follow_up.not_contacted'),
        },
        { label: field('subject'), value: <SubjectBadge subject={record.subject} /> },
        { label: field('phone'), value: record.phone && <RevealablePhone phone={record.phone} resource="contact" id={record.id} /> },
        { label: field('email'), value: record.email },
        { label: field('message'), value: record.message },
        { label: translate('aipm.leads.source'), value: <SourceText source={record.source} /> },
      ]}
    />
  );
}

/** One consultation message: details, follow-up editing and the PIPL erasure of the person. */
export function MessageEdit() {
  return <LeadEdit details={<MessageDetails />} />;
}
