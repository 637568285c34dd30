import { ATTENDANCE_MARKS, type AttendanceDayResponse, type AttendanceMark, cohortCalendar, type CohortResponse, formatIsoDate } from '@aipm/contracts';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, IconButton, LinearProgress, MenuItem, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useCreatePath, useGetOne, useNotify, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { attendanceQueryKey, useCohortsApi } from './cohortsApi';
import { StudentTabs } from './StudentParts';

type Row = AttendanceDayResponse['students'][number];
type SaveState = 'saving' | 'saved' | 'failed';

/** One student's marks for the day: four radios in a row, saved as soon as one is chosen (arrow keys move). */
function StudentMarks({ row, saving, onMark }: { row: Row; saving: SaveState | undefined; onMark: (mark: AttendanceMark) => void }) {
  const translate = useTranslate();
  const labelId = `attendance-${row.studentId}`;
  return (
    <Box component="li" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, py: 1, borderBottom: 1, borderColor: 'divider' }} data-testid="attendance-row">
      <Typography id={labelId} sx={{ minWidth: 96, fontWeight: 500 }}>
        {row.name}
      </Typography>
      <RadioGroup row aria-labelledby={labelId} value={row.mark ?? ''} onChange={(_event, value) => onMark(value as AttendanceMark)}>
        {ATTENDANCE_MARKS.map((mark) => (
          <FormControlLabel key={mark} value={mark} control={<Radio size="small" />} label={translate(`aipm.students.attendance.mark.${mark}`)} />
        ))}
      </RadioGroup>
      <Typography variant="caption" color={saving === 'failed' ? 'error' : 'text.secondary'} aria-live="polite" sx={{ minWidth: 48 }}>
        {saving ? translate(`aipm.students.attendance.${saving}`) : ''}
      </Typography>
    </Box>
  );
}

/**
 * 考勤 of one cohort (docs/product/cohorts.md#attendance): a class day at a time, its students with 出勤 / 迟到 /
 * 缺勤 / 请假, each mark saved as it is chosen (the radios take the arrow keys; Tab goes to the next student).
 */
export function CohortAttendance() {
  const translate = useTranslate();
  const notify = useNotify();
  const createPath = useCreatePath();
  const api = useCohortsApi();
  const queryClient = useQueryClient();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('date') ?? undefined;
  const [saving, setSaving] = useState<Record<string, SaveState>>({});
  const cohort = useGetOne<CohortResponse>('cohorts', { id });
  const key = attendanceQueryKey(id, requested);
  const day = useQuery({ queryKey: key, queryFn: () => api.attendanceDay(id, requested) });
  const calendar = cohort.data ? cohortCalendar(cohort.data.startDate, cohort.data.moduleDays, cohort.data.daysOff) : [];
  const date = day.data?.date;
  const index = calendar.findIndex((classDay) => classDay.date === date);
  const today = formatIsoDate(new Date());

  const mark = useMutation({
    mutationFn: ({ row, value }: { row: Row; value: AttendanceMark }) => api.mark(id, date!, row.studentId, value),
    onMutate: ({ row, value }) => {
      setSaving((states) => ({ ...states, [row.studentId]: 'saving' }));
      // Shown at once; put back if the API refuses.
      queryClient.setQueryData<AttendanceDayResponse>(key, (data) => data && { ...data, students: data.students.map((student) => (student.studentId === row.studentId ? { ...student, mark: value } : student)) });
      return { previous: row.mark };
    },
    onSuccess: (_mark, { row }) => setSaving((states) => ({ ...states, [row.studentId]: 'saved' })),
    onError: (error, { row }, context) => {
      setSaving((states) => ({ ...states, [row.studentId]: 'failed' }));
      queryClient.setQueryData<AttendanceDayResponse>(key, (data) => data && { ...data, students: data.students.map((student) => (student.studentId === row.studentId ? { ...student, mark: context?.previous ?? null } : student)) });
      notify('aipm.students.attendance.save_failed', { type: 'error', messageArgs: { name: row.name, message: translate(error instanceof Error ? error.message : String(error), { _: String(error) }) } });
    },
  });
  const goTo = (next: string) => {
    setSaving({});
    setSearch({ date: next });
  };
  const unmarked = day.data?.students.filter((row) => row.mark === null) ?? [];

  return (
    <>
      <StudentTabs />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('aipm.students.attendance.title', { name: cohort.data?.name ?? '' })}
          </Typography>
          <Link to={createPath({ resource: 'cohorts', id, type: 'edit' })}>{translate('aipm.students.attendance.back')}</Link>
          {day.isPending || cohort.isPending ? <LinearProgress sx={{ my: 2 }} aria-label={translate('ra.page.loading')} /> : null}
          {day.error ? (
            <Alert severity="error" sx={{ my: 2 }}>
              {translate(day.error.message, { _: day.error.message })}
            </Alert>
          ) : null}
          {day.data && calendar.length > 0 ? (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 2, flexWrap: 'wrap' }}>
                <IconButton aria-label={translate('aipm.students.attendance.previous')} disabled={index <= 0} onClick={() => goTo(calendar[index - 1]!.date)}>
                  <ChevronLeftIcon />
                </IconButton>
                <TextField select size="small" label={translate('aipm.students.attendance.day')} value={date} onChange={(event) => goTo(event.target.value)} sx={{ minWidth: 260 }}>
                  {calendar.map((classDay) => (
                    <MenuItem key={classDay.date} value={classDay.date}>
                      {translate('aipm.students.attendance.day_label', { date: classDay.date, module: String(classDay.module).padStart(2, '0'), day: classDay.dayOfModule })}
                      {classDay.date === today ? ` · ${translate('aipm.students.attendance.today')}` : ''}
                    </MenuItem>
                  ))}
                </TextField>
                <IconButton aria-label={translate('aipm.students.attendance.next')} disabled={index < 0 || index >= calendar.length - 1} onClick={() => goTo(calendar[index + 1]!.date)}>
                  <ChevronRightIcon />
                </IconButton>
                <Button variant="outlined" size="small" disabled={unmarked.length === 0} onClick={() => unmarked.forEach((row) => mark.mutate({ row, value: 'present' }))}>
                  {translate('aipm.students.attendance.all_present', { count: unmarked.length })}
                </Button>
              </Box>
              {day.data.students.length === 0 ? (
                <Typography color="text.secondary">{translate('aipm.students.attendance.empty')}</Typography>
              ) : (
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={translate('aipm.students.attendance.list', { date })}>
                  {day.data.students.map((row) => (
                    <StudentMarks key={row.studentId} row={row} saving={saving[row.studentId]} onMark={(value) => mark.mutate({ row, value })} />
                  ))}
                </Box>
              )}
            </>
          ) : null}
        </CardContent>
      </Card>
    </>
  );
}
