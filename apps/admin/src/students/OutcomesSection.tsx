import { formatMoneyFromCents, type OutcomeResponse, type StudentResponse } from '@aipm/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, List as MuiList, ListItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDelete, useGetManyReference, useNotify, useTranslate } from 'react-admin';
import { OutcomeDialog } from './OutcomeDialog';
import { OutcomeReview } from './OutcomeReview';

/** 结业情况: on time or late against the cohort's last class day, or withdrawn, with the date (docs/product/outcomes.md#graduation). */
export function GraduationLine({ student }: { student: StudentResponse }) {
  const translate = useTranslate();
  const graduation = student.graduation;
  if (!graduation) return null;
  const key = graduation.status === 'withdrawn' ? 'withdrawn' : graduation.onTime === null ? 'graduated' : graduation.onTime ? 'on_time' : 'late';
  return (
    <Typography variant="body2" data-testid="graduation-line">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {translate('aipm.students.graduation.label')}：
      </Box>
      {translate(`aipm.students.graduation.${key}`, { date: graduation.date })}
    </Typography>
  );
}

/** What one outcome says in a line: the category, and for a job who, what, where and for how much. */
function OutcomeText({ outcome }: { outcome: OutcomeResponse }) {
  const translate = useTranslate();
  const category = translate(`aipm.students.outcomes.categories.${outcome.category}`);
  const job = outcome.employer ? ` · ${outcome.employer} · ${outcome.title} · ${outcome.city}` : '';
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {outcome.date} · {category}
        {job}
      </Typography>
      {outcome.contractSalary !== null && outcome.annualBase !== null ? (
        <Typography variant="body2" color="text.secondary">
          {translate('aipm.students.outcomes.salary', {
            monthly: formatMoneyFromCents(outcome.monthlyBase!),
            months: outcome.monthsPerYear,
            extras: formatMoneyFromCents(outcome.fixedExtras!),
          })}
          {' · '}
          {translate('aipm.students.outcomes.computed', { base: formatMoneyFromCents(outcome.annualBase), salary: formatMoneyFromCents(outcome.contractSalary) })}
        </Typography>
      ) : null}
      {outcome.evidence.length > 0 ? (
        <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
          {outcome.evidence.map((file) => (
            <Button key={file.id} size="small" href={file.accessURL} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />} sx={{ textTransform: 'none' }}>
              {translate(`aipm.students.outcomes.evidence_kinds.${file.kind}`)}：{file.originalName}
            </Button>
          ))}
        </Box>
      ) : null}
      {outcome.notes ? (
        <Typography variant="body2" color="text.secondary">
          {outcome.notes}
        </Typography>
      ) : null}
    </>
  );
}

/**
 * 就业结果 on the student card (docs/product/outcomes.md): the graduate's outcomes, newest first, each with its salary
 * parts, the computed figures and its evidence; record, edit and delete (behind a confirm); a student's own report
 * with its review (OutcomeReview).
 */
export function OutcomesSection({ student }: { student: StudentResponse }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: outcomes = [], isPending, refetch } = useGetManyReference<OutcomeResponse>('outcomes', {
    target: 'studentId',
    id: student.id,
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'date', order: 'DESC' },
  });
  const [editing, setEditing] = useState<OutcomeResponse | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<OutcomeResponse>();
  const [remove, { isPending: removing }] = useDelete();
  const nameOf = (outcome: OutcomeResponse) => `${outcome.date} ${translate(`aipm.students.outcomes.categories.${outcome.category}`)}`;

  const confirmDelete = () => {
    if (!toDelete) return;
    void remove(
      'outcomes',
      { id: toDelete.id, previousData: toDelete },
      {
        mutationMode: 'pessimistic',
        onSuccess: async () => {
          notify('aipm.students.outcomes.deleted', { type: 'success' });
          setToDelete(undefined);
          await refetch();
        },
        onError: (error) => notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' }),
      },
    );
  };

  return (
    <Box component="section" aria-labelledby="outcomes-heading" data-testid="outcomes-section">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography id="outcomes-heading" variant="h6" component="h2">
          {translate('aipm.students.outcomes.title')}
        </Typography>
        <Button size="small" variant="outlined" onClick={() => setEditing('new')}>
          {translate('aipm.students.outcomes.add')}
        </Button>
      </Stack>
      {!isPending && outcomes.length === 0 ? <Typography color="text.secondary">{translate('aipm.students.outcomes.none')}</Typography> : null}
      <MuiList dense>
        {outcomes.map((outcome) => (
          <ListItem key={outcome.id} sx={{ display: 'block', px: 0 }} data-testid="outcome">
            <OutcomeText outcome={outcome} />
            <OutcomeReview outcome={outcome} name={nameOf(outcome)} onReviewed={() => void refetch()} />
            <Stack direction="row" spacing={1}>
              <Button size="small" onClick={() => setEditing(outcome)} aria-label={translate('aipm.students.outcomes.edit_named', { name: nameOf(outcome) })}>
                {translate('aipm.students.outcomes.edit')}
              </Button>
              <Button size="small" color="error" onClick={() => setToDelete(outcome)} aria-label={translate('aipm.students.outcomes.delete_named', { name: nameOf(outcome) })}>
                {translate('aipm.students.outcomes.delete')}
              </Button>
            </Stack>
          </ListItem>
        ))}
      </MuiList>
      {editing ? (
        <OutcomeDialog
          student={student}
          outcome={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refetch();
          }}
        />
      ) : null}
      <Confirm
        isOpen={!!toDelete}
        loading={removing}
        title="aipm.students.outcomes.confirm_delete_title"
        content="aipm.students.outcomes.confirm_delete"
        onConfirm={confirmDelete}
        onClose={() => setToDelete(undefined)}
      />
    </Box>
  );
}
