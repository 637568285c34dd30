import {
  formatDate,
  formatDateTime,
  formatMoneyFromCents,
  type PersonRecordResource,
  type PersonTimeline,
  type PersonTimelineEvent,
} from '@aipm/contracts';
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useCreatePath, useLocaleState, useTranslate } from 'react-admin';
// react-router's Link holds a ref, as MUI's `component` needs (react-admin's does not).
import { Link, useParams } from 'react-router-dom';
import { personQueryKey, usePeopleApi } from './peopleApi';
import { adminResourceOf, personResourceOf } from './personResource';

type Translate = ReturnType<typeof useTranslate>;

/**
 * 客户主页 (docs/product/back-office.md#person-page): everything known about the person a registration, message or
 * student names, on one timeline, newest first. Phones stay masked here; each record's own page reveals one, audited.
 */
export function PersonPage() {
  const translate = useTranslate();
  const params = useParams<{ resource: string; id: string }>();
  const resource = personResourceOf(params.resource ?? '');
  const api = usePeopleApi();
  const person = useQuery({
    queryKey: personQueryKey(resource ?? 'registrations', params.id ?? ''),
    queryFn: () => api.timeline(resource!, params.id!),
    enabled: Boolean(resource && params.id),
  });
  const title = person.data?.identity.names[0] ?? translate('aipm.people.page.title');

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <Title title="aipm.people.page.title" />
      <Typography component="h1" variant="h5" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {person.isPending && resource && <LinearProgress aria-label={translate('ra.page.loading')} sx={{ mt: 2 }} />}
      {(person.isError || !resource) && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            resource && (
              <Button color="inherit" size="small" onClick={() => void person.refetch()}>
                {translate('aipm.people.page.retry')}
              </Button>
            )
          }
        >
          {translate('aipm.people.page.load_failed', {
            message: person.error instanceof Error ? translate(person.error.message, { _: person.error.message }) : translate('ra.page.not_found'),
          })}
        </Alert>
      )}
      {person.data && <PersonDetails person={person.data} />}
    </Box>
  );
}

function PersonDetails({ person }: { person: PersonTimeline }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const recordPath = useRecordPath();
  const identity: Array<[string, string[]]> = [
    [translate('aipm.people.page.names'), person.identity.names],
    [translate('aipm.people.page.phones'), person.identity.phones],
    [translate('aipm.people.page.emails'), person.identity.emails],
  ];
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2 }}>
      <Card component="section" aria-labelledby="person-identity">
        <CardContent>
          <Typography id="person-identity" component="h2" variant="subtitle1" gutterBottom>
            {translate('aipm.people.page.identity')}
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: { xs: 0.5, sm: 1 } }}>
            {identity.map(([label, values]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {values.length > 0 ? values.join('、') : '—'}
                </Typography>
              </Box>
            ))}
          </Box>
          <Typography component="h3" variant="subtitle2" sx={{ mt: 2 }}>
            {translate('aipm.people.page.records')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="person-records-list">
            {person.records.map((record) => (
              <li key={`${record.resource}:${record.id}`}>
                <Chip
                  clickable
                  component={Link}
                  to={recordPath(record.resource, record.id)}
                  variant="outlined"
                  label={`${translate(`aipm.people.page.resources.${record.resource}`)} · ${formatDate(record.createdAt, locale)}`}
                />
              </li>
            ))}
          </Box>
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="person-timeline">
        <CardContent>
          <Typography id="person-timeline" component="h2" variant="subtitle1" gutterBottom>
            {translate('aipm.people.page.timeline')}
          </Typography>
          {person.events.length === 0 ? (
            <Typography variant="body2">{translate('aipm.people.page.empty')}</Typography>
          ) : (
            <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="person-timeline">
              {person.events.map((event, index) => (
                <Box
                  component="li"
                  key={index}
                  data-kind={event.kind}
                  sx={{ py: 1.5, borderTop: index === 0 ? 0 : 1, borderColor: 'divider', display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '11rem 1fr' }, columnGap: 2 }}
                >
                  <Typography component="time" dateTime={event.at} variant="body2" color="text.secondary">
                    {formatDateTime(event.at, locale)}
                  </Typography>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
                      {translate(`aipm.people.page.kinds.${event.kind}`, { _: event.kind })}
                      {' · '}
                      <Link to={recordPath(event.record.resource, event.record.id)} aria-label={`${translate('aipm.people.page.open_record')}: ${translate(`aipm.people.page.resources.${event.record.resource}`)}`}>
                        {translate(`aipm.people.page.resources.${event.record.resource}`)}
                      </Link>
                    </Typography>
                    <Typography variant="body2" component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {describe(event, translate, locale)}
                    </Typography>
                    {event.actor && (
                      <Typography variant="caption" component="p" color="text.secondary">
                        {translate('aipm.people.page.by', { actor: event.actor })}
                      </Typography>
                    )}
                  </Box>
                </Box>
              ))}
            </Box>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}

/** Where a record's own page is: a lead's edit page, a student's card. */
function useRecordPath(): (resource: PersonRecordResource, id: string) => string {
  const createPath = useCreatePath();
  return (resource, id) => createPath({ resource: adminResourceOf(resource), id, type: resource === 'students' ? 'show' : 'edit' });
}

/** One line of what happened, in the administrator's language; money as ¥ with two decimals. */
export function describe(event: PersonTimelineEvent, translate: Translate, locale: string): string {
  const facts = event.facts;
  const text = (key: string) => (facts[key] === null || facts[key] === undefined ? '' : String(facts[key]));
  const leadStatus = (key: string) => (facts[key] ? translate(`aipm.leads.status.${text(key)}`, { _: text(key) }) : '—');
  switch (event.kind) {
    case 'registration': {
      const line = translate('aipm.people.page.facts.registration', {
        school: text('school'),
        major: text('major'),
        source: text('utmSource') || translate('aipm.people.page.facts.no_source'),
      });
      const repeats = Number(facts['repeatCount'] ?? 0);
      return `${text('name')} · ${text('phone')} · ${line}${repeats > 0 ? `\n${translate('aipm.people.page.facts.repeat', { count: repeats })}` : ''}`;
    }
    case 'message':
      return `${text('name')} · ${text('phone')} · ${translate('aipm.people.page.facts.message', { subject: translate(`aipm.leads.subjects.${text('subject')}`, { _: text('subject') }) })}`;
    case 'consent':
      return translate('aipm.people.page.facts.consent', { version: text('version') });
    case 'lead_call':
      return facts['announced']
        ? translate('aipm.people.page.facts.lead_call_announced', { attempts: text('attempts'), status: text('lastStatus') || '—' })
        : translate('aipm.people.page.facts.lead_call_waiting');
    case 'status_change':
      return translate('aipm.people.page.facts.status_change', { from: leadStatus('from'), to: leadStatus('to') });
    case 'note':
      return text('note') || '—';
    case 'enrolment':
      return '';
    case 'student':
      return `${text('name')} · ${text('phone') || '—'} · ${translate('aipm.people.page.facts.student', {
        date: text('enrollmentDate') ? formatDate(text('enrollmentDate'), locale) : '—',
        status: translate(`aipm.students.status.${text('status')}`, { _: text('status') }),
      })}`;
    case 'payment':
      return translate('aipm.people.page.facts.payment', {
        amount: formatMoneyFromCents(Number(facts['amountCents'] ?? 0), text('currency') || undefined),
        kind: translate(`aipm.students.payment_kind.${text('kind')}`, { _: text('kind') }),
        status: translate(`aipm.students.payment_status.${text('status')}`, { _: text('status') }),
        date: text('paymentDate') ? formatDate(text('paymentDate'), locale) : '—',
      });
    case 'follow_up': {
      const method = translate(`aipm.follow_ups.kinds.${text('method')}`, { _: text('method') });
      const line = facts['done']
        ? translate('aipm.people.page.facts.follow_up_done', { method, result: text('result') })
        : translate('aipm.people.page.facts.follow_up_open', { method, due: text('dueAt') ? formatDateTime(text('dueAt'), locale) : '—' });
      return text('note') ? `${line}\n${text('note')}` : line;
    }
    default:
      return Object.entries(facts)
        .map(([key, value]) => `${key}: ${String(value)}`)
        .join('\n');
  }
}
