import type { RegistrationResponse } from '@aipm/contracts';
import { useRecordContext, useTranslate } from 'react-admin';
import { LeadStatusBadge, RepeatBadge } from '../leads/LeadBadges';
import { useFormatLeadDate } from '../leads/LeadDate';
import { LeadDetails, LeadEdit, SourceText } from '../leads/LeadEdit';
import { RevealablePhone } from '../people/RevealablePhone';

function RegistrationDetails() {
  const translate = useTranslate();
  const formatDate = useFormatLeadDate();
  const record = useRecordContext<RegistrationResponse>();
  if (!record) return null;
  const field = (name: string) => translate(`resources.registrations.fields.${name}`);
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
        { label: field('phone'), value: record.phone && <RevealablePhone phone={record.phone} resource="registrations" id={record.id} /> },
        { label: field('email'), value: record.email },
        { label: field('school'), value: record.school },
        { label: field('major'), value: record.major },
        { label: field('goals'), value: record.goals },
        {
          label: field('repeatCount'),
          value:
            record.repeatCount > 0 ? (
              <>
                <RepeatBadge count={record.repeatCount} />{' '}
                {record.lastRepeatedAt && translate('aipm.leads.last_repeat', { date: formatDate(record.lastRepeatedAt) })}
              </>
            ) : (
              '0'
            ),
        },
        { label: translate('aipm.leads.source'), value: <SourceText source={record.source} /> },
        {
          label: translate('aipm.leads.agreement'),
          value:
            record.agreement &&
            translate('aipm.leads.agreement_value', {
              version: record.agreement.version,
              date: formatDate(record.agreement.agreedAt),
              ip: record.agreement.ip ?? '—',
            }),
        },
      ]}
    />
  );
}

/** One registration: details, follow-up editing and the PIPL erasure of the person. */
export function RegistrationEdit() {
  return <LeadEdit details={<RegistrationDetails />} />;
}
