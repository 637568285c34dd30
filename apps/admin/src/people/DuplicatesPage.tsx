import {
  type DuplicateGroup,
  type DuplicateRecord,
  formatDateTime,
  LEAD_MERGE_FIELDS,
  type LeadMergeField,
  type LeadMergeSummary,
  REGISTRATION_ONLY_MERGE_FIELDS,
} from '@aipm/contracts';
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Radio, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { DUPLICATES_QUERY_KEY, usePeopleApi } from './peopleApi';

type Translate = ReturnType<typeof useTranslate>;
const keyOf = (record: Pick<DuplicateRecord, 'resource' | 'id'>) => `${record.resource}:${record.id}`;
const failure = (error: unknown, translate: Translate) => (error instanceof Error ? translate(error.message, { _: error.message }) : String(error));

/** The rows of the side-by-side table, in the order a caller reads a lead. */
const ROWS = ['kind', 'createdAt', 'name', 'phone', 'email', 'school', 'major', 'goals', 'note', 'status', 'source', 'consent'] as const;
type Row = (typeof ROWS)[number];

/**
 * 疑似重复 (docs/product/back-office.md#duplicates, ADR 072): the likely duplicates, each group side by side. The
 * administrator picks the record to keep and the one to merge into it, and which of the merged one's values to
 * take; the merge keeps both records and can be undone from here until either changes.
 */
export function DuplicatesPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = usePeopleApi();
  const queryClient = useQueryClient();
  const [lastMerge, setLastMerge] = useState<LeadMergeSummary | null>(null);
  const groups = useQuery({ queryKey: DUPLICATES_QUERY_KEY, queryFn: () => api.duplicates() });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['aipm'] });
  const undo = useMutation({
    mutationFn: (id: string) => api.undoMerge(id),
    onSuccess: async () => {
      setLastMerge(null);
      notify('aipm.people.duplicates.undone', { type: 'success' });
      await refresh();
    },
    onError: (error) => notify('aipm.people.duplicates.undo_failed', { type: 'error', messageArgs: { message: failure(error, translate) } }),
  });

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', width: '100%' }}>
      <Title title="aipm.people.duplicates.title" />
      <Typography component="h1" variant="h5" sx={{ mt: 2 }}>
        {translate('aipm.people.duplicates.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('aipm.people.duplicates.intro')}
      </Typography>
      {/* Announced to screen readers as it appears: the undo is the next thing they may want. */}
      <Box role="status" aria-live="polite" sx={{ mt: lastMerge ? 2 : 0 }}>
        {lastMerge && (
          <Alert
            severity="success"
            action={
              <Button color="inherit" size="small" disabled={undo.isPending} onClick={() => undo.mutate(lastMerge.id)}>
                {translate('aipm.people.duplicates.undo')}
              </Button>
            }
          >
            {translate('aipm.people.duplicates.merged')}
          </Alert>
        )}
      </Box>
      {groups.isPending && <LinearProgress aria-label={translate('ra.page.loading')} sx={{ mt: 2 }} />}
      {groups.isError && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void groups.refetch()}>
              {translate('aipm.people.duplicates.retry')}
            </Button>
          }
        >
          {translate('aipm.people.duplicates.load_failed', { message: failure(groups.error, translate) })}
        </Alert>
      )}
      {groups.data && groups.data.length === 0 && (
        <Typography variant="body2" sx={{ mt: 2 }}>
          {translate('aipm.people.duplicates.empty')}
        </Typography>
      )}
      <Stack spacing={2} sx={{ mt: 2, mb: 2 }}>
        {groups.data?.map((group, index) => (
          <DuplicateGroupCard
            key={group.records.map(keyOf).join(',')}
            group={group}
            index={index + 1}
            onMerged={async (merge) => {
              setLastMerge(merge);
              await refresh();
            }}
          />
        ))}
      </Stack>
    </Box>
  );
}

/** The fields the survivor may take from the merged lead: both kinds have them (school, major, goals: registrations). */
export function takeableFields(survivor: DuplicateRecord, merged: DuplicateRecord): LeadMergeField[] {
  const bothRegistrations = survivor.resource === 'registrations' && merged.resource === 'registrations';
  return LEAD_MERGE_FIELDS.filter((field) => (bothRegistrations || !REGISTRATION_ONLY_MERGE_FIELDS.includes(field)) && (survivor[field] ?? null) !== (merged[field] ?? null));
}

function DuplicateGroupCard({ group, index, onMerged }: { group: DuplicateGroup; index: number; onMerged: (merge: LeadMergeSummary) => Promise<void> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const api = usePeopleApi();
  // The oldest is kept by default: it holds the first touch; the next one is merged into it.
  const [survivorKey, setSurvivorKey] = useState(keyOf(group.records[0]!));
  const [mergedKey, setMergedKey] = useState(keyOf(group.records[1]!));
  const [taken, setTaken] = useState<ReadonlySet<LeadMergeField>>(new Set());
  const survivor = group.records.find((record) => keyOf(record) === survivorKey)!;
  const merged = group.records.find((record) => keyOf(record) === mergedKey)!;
  const same = survivorKey === mergedKey;
  const takeable = same ? [] : takeableFields(survivor, merged);
  const headingId = `duplicates-group-${index}`;
  const recordName = (record: DuplicateRecord) => translate('aipm.people.duplicates.record', { index: group.records.indexOf(record) + 1 });

  const merge = useMutation({
    mutationFn: () =>
      api.merge({
        survivorResource: survivor.resource,
        survivorId: survivor.id,
        mergedResource: merged.resource,
        mergedId: merged.id,
        fields: takeable.filter((field) => taken.has(field)),
      }),
    onSuccess: (summary) => onMerged(summary),
    onError: (error) => notify('aipm.people.duplicates.failed', { type: 'error', messageArgs: { message: failure(error, translate) } }),
  });

  const choose = (field: LeadMergeField, fromMerged: boolean) =>
    setTaken((previous) => {
      const next = new Set(previous);
      if (fromMerged) next.add(field);
      else next.delete(field);
      return next;
    });

  const cell = (record: DuplicateRecord, row: Row): string => {
    switch (row) {
      case 'kind':
        return translate(`aipm.people.page.resources.${record.resource}`);
      case 'createdAt':
        return formatDateTime(record.createdAt, locale);
      case 'status':
        return translate(`aipm.leads.status.${record.status}`, { _: record.status });
      case 'source':
        return record.source?.utm_source ?? record.source?.referrer ?? translate('aipm.people.duplicates.no_source');
      case 'consent':
        return translate(record.consented ? 'aipm.people.duplicates.consented' : 'aipm.people.duplicates.not_consented');
      default:
        return record[row] ?? '—';
    }
  };

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography id={headingId} component="h2" variant="subtitle1">
            {translate('aipm.people.duplicates.group', { index })}
          </Typography>
          {group.reasons.map((reason) => (
            <Chip key={reason} size="small" label={translate(`aipm.people.duplicates.reasons.${reason}`)} />
          ))}
        </Stack>
        {/*
          Wider than a phone: it scrolls inside the card, a focusable named region a keyboard can scroll. A grid track
          of minmax(0, 1fr) keeps the table's width out of the page's minimum width (react-admin's layout is at least
          as wide as its content's, `min-width: fit-content`), so the page stays 375 px wide.
        */}
        <Box
          role="region"
          aria-label={translate('aipm.people.duplicates.table', { index })}
          tabIndex={0}
          sx={{ overflowX: 'auto', mt: 1, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}
        >
          <Table size="small" sx={{ minWidth: 160 + group.records.length * 180 }}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {translate('aipm.people.duplicates.field')}
                </TableCell>
                {group.records.map((record) => (
                  <TableCell key={keyOf(record)} component="th" scope="col">
                    {recordName(record)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              <TableRow>
                <TableCell component="th" scope="row">
                  {translate('aipm.people.duplicates.keep')}
                </TableCell>
                {group.records.map((record) => (
                  <TableCell key={keyOf(record)}>
                    <Radio
                      name={`${headingId}-keep`}
                      checked={survivorKey === keyOf(record)}
                      onChange={() => {
                        setSurvivorKey(keyOf(record));
                        setTaken(new Set());
                      }}
                      slotProps={{ input: { 'aria-label': `${translate('aipm.people.duplicates.keep')}: ${recordName(record)}` } }}
                    />
                  </TableCell>
                ))}
              </TableRow>
              <TableRow>
                <TableCell component="th" scope="row">
                  {translate('aipm.people.duplicates.merge_in')}
                </TableCell>
                {group.records.map((record) => (
                  <TableCell key={keyOf(record)}>
                    <Radio
                      name={`${headingId}-merge`}
                      checked={mergedKey === keyOf(record)}
                      onChange={() => {
                        setMergedKey(keyOf(record));
                        setTaken(new Set());
                      }}
                      slotProps={{ input: { 'aria-label': `${translate('aipm.people.duplicates.merge_in')}: ${recordName(record)}` } }}
                    />
                  </TableCell>
                ))}
              </TableRow>
              {ROWS.map((row) => {
                const choosable = (takeable as readonly string[]).includes(row) ? (row as LeadMergeField) : null;
                const fieldLabel = translate(`aipm.people.duplicates.fields.${row}`);
                return (
                  <TableRow key={row}>
                    <TableCell component="th" scope="row">
                      {fieldLabel}
                    </TableCell>
                    {group.records.map((record) => {
                      const side = keyOf(record) === survivorKey ? 'survivor' : keyOf(record) === mergedKey ? 'merged' : null;
                      const chosen = choosable && side ? (side === 'merged') === taken.has(choosable) : false;
                      return (
                        <TableCell key={keyOf(record)} sx={{ overflowWrap: 'anywhere', verticalAlign: 'top', fontWeight: chosen ? 600 : undefined }} data-testid={`${row}-${keyOf(record)}`}>
                          {choosable && side && (
                            <Radio
                              size="small"
                              name={`${headingId}-${row}`}
                              checked={chosen}
                              onChange={() => choose(choosable, side === 'merged')}
                              slotProps={{ input: { 'aria-label': translate('aipm.people.duplicates.use_value', { field: fieldLabel, record: recordName(record) }) } }}
                              sx={{ p: 0.5, mr: 0.5 }}
                            />
                          )}
                          {cell(record, row)}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('aipm.people.duplicates.first_touch')}
        </Typography>
        {same && (
          <Typography variant="body2" color="error" sx={{ mt: 1 }}>
            {translate('aipm.people.duplicates.same_record')}
          </Typography>
        )}
        <Button variant="contained" sx={{ mt: 1 }} disabled={same || merge.isPending} onClick={() => merge.mutate()}>
          {translate(merge.isPending ? 'aipm.people.duplicates.merging' : 'aipm.people.duplicates.merge')}
        </Button>
      </CardContent>
    </Card>
  );
}
