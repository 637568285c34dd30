import { COHORT_LIMITS, COHORT_STATUSES, cohortCalendar, type CohortResponse, DEFAULT_MODULE_DAYS, formatIsoDate, isCalendarDate } from '@aipm/contracts';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import PeopleIcon from '@mui/icons-material/People';
import { Box, Button, Chip, type Theme, Typography, useMediaQuery } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  Create,
  DataTable,
  DateInput,
  Edit,
  List,
  maxValue,
  minValue,
  NumberInput,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  SimpleList,
  TextInput,
  TopToolbar,
  ListButton,
  useCreatePath,
  useRecordContext,
  useTranslate,
} from 'react-admin';
// react-router's Link holds a ref, as MUI's `component` needs.
import { Link } from 'react-router-dom';
import { ListPagination } from '../layout/ListPagination';
import { StudentEmpty, StudentTabs } from './StudentParts';

const Column = DataTable.Col<CohortResponse>;
const L = COHORT_LIMITS;

/** 招生中 / 进行中 / 已结业 (docs/product/cohorts.md#cohort-list). */
export function CohortStatusBadge({ status }: { status: CohortResponse['status'] }) {
  const translate = useTranslate();
  const color = status === 'enrolling' ? 'success' : status === 'running' ? 'primary' : 'default';
  return <Chip size="small" color={color} label={translate(`aipm.students.cohorts.status.${status}`)} data-testid="cohort-status" />;
}

/** `12 / 30`, and 已满 when no seat is left. */
function Seats({ cohort }: { cohort: CohortResponse }) {
  const translate = useTranslate();
  return (
    <span data-testid="cohort-seats">
      {cohort.seatsTaken} / {cohort.capacity}
      {cohort.seatsTaken >= cohort.capacity ? ` · ${translate('aipm.students.cohorts.full')}` : ''}
    </span>
  );
}

/** The 期次 sub-tab (docs/product/cohorts.md#cohort-list): newest start first, each with its seats taken. */
export function CohortList() {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('aipm.students.cohorts.fields.name')} aria-label={translate('aipm.students.cohorts.fields.name')} />];
  return (
    <>
      <StudentTabs />
      <List filters={filters} sort={{ field: 'startDate', order: 'DESC' }} perPage={25} pagination={<ListPagination />} exporter={false} empty={<StudentEmpty textKey="aipm.students.cohorts.empty" />}>
        {phone ? (
          <SimpleList<CohortResponse>
            rowClick="edit"
            primaryText={(record) => record.name}
            secondaryText={(record) => (
              <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
                <span>
                  {record.startDate} – {record.endDate}
                </span>
                <Seats cohort={record} />
              </Box>
            )}
            tertiaryText={(record) => <CohortStatusBadge status={record.status} />}
          />
        ) : (
          <DataTable<CohortResponse> rowClick="edit" bulkActionButtons={false}>
            <Column source="name" label="aipm.students.cohorts.fields.name" />
            <Column source="startDate" label="aipm.students.cohorts.fields.startDate" />
            <Column source="endDate" label="aipm.students.cohorts.fields.endDate" disableSort />
            <Column source="capacity" label="aipm.students.cohorts.fields.seats" render={(record) => <Seats cohort={record} />} />
            <Column source="status" label="aipm.students.cohorts.fields.status" render={(record) => <CohortStatusBadge status={record.status} />} />
          </DataTable>
        )}
      </List>
    </>
  );
}

/**
 * The calendar as the form stands (docs/product/cohorts.md#calendar): each module's first and last class day,
 * and the whole span, recomputed as the start, the module days or the days off change.
 */
function CalendarPreview() {
  const translate = useTranslate();
  const [startDate, moduleDays, daysOff] = useWatch({ name: ['startDate', 'moduleDays', 'daysOff'] }) as [unknown, unknown, unknown];
  const days = Array.isArray(moduleDays) ? moduleDays.map(Number) : [];
  const complete =
    typeof startDate === 'string' &&
    isCalendarDate(startDate) &&
    days.length === L.modules &&
    days.every((count) => Number.isInteger(count) && count >= L.moduleDaysMin && count <= L.moduleDaysMax);
  const calendar = complete ? cohortCalendar(startDate, days, (Array.isArray(daysOff) ? daysOff : []).filter((day): day is string => typeof day === 'string' && isCalendarDate(day))) : [];
  return (
    <Box component="section" aria-labelledby="cohort-calendar" sx={{ width: '100%', mt: 1 }} data-testid="cohort-calendar">
      <Typography id="cohort-calendar" variant="subtitle1" component="h2">
        {translate('aipm.students.cohorts.calendar')}
      </Typography>
      {calendar.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('aipm.students.cohorts.calendar_incomplete')}
        </Typography>
      ) : (
        <>
          <Typography variant="body2">{translate('aipm.students.cohorts.calendar_total', { days: calendar.length, start: calendar[0]!.date, end: calendar.at(-1)!.date })}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {days.map((count, index) => {
              const module = calendar.filter((day) => day.module === index + 1);
              return (
                <Typography component="li" variant="body2" key={index}>
                  {translate('aipm.students.cohorts.calendar_module', { number: String(index + 1).padStart(2, '0'), start: module[0]!.date, end: module.at(-1)!.date, days: count })}
                </Typography>
              );
            })}
          </Box>
        </>
      )}
    </Box>
  );
}

const positiveWhole = (min: number, max: number) => [required(), minValue(min), maxValue(max)];

function CohortInputs() {
  const translate = useTranslate();
  const statusChoices = COHORT_STATUSES.map((id) => ({ id, name: translate(`aipm.students.cohorts.status.${id}`) }));
  return (
    <>
      <TextInput source="name" label="aipm.students.cohorts.fields.name" validate={required()} autoComplete="off" />
      <DateInput source="startDate" label="aipm.students.cohorts.fields.startDate" validate={required()} />
      <NumberInput source="capacity" label="aipm.students.cohorts.fields.capacity" validate={positiveWhole(L.capacityMin, L.capacityMax)} step={1} />
      <SelectInput source="status" label="aipm.students.cohorts.fields.status" choices={statusChoices} validate={required()} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)', md: 'repeat(7, 1fr)' }, columnGap: 1, width: '100%' }}>
        {DEFAULT_MODULE_DAYS.map((_, index) => (
          <NumberInput
            key={index}
            source={`moduleDays.${index}`}
            label={translate('aipm.students.cohorts.fields.module', { number: String(index + 1).padStart(2, '0') })}
            validate={positiveWhole(L.moduleDaysMin, L.moduleDaysMax)}
            step={1}
          />
        ))}
      </Box>
      <ArrayInput source="daysOff" label="aipm.students.cohorts.fields.daysOff">
        <SimpleFormIterator inline disableReordering>
          <DateInput source="" label="aipm.students.cohorts.fields.daysOff" validate={required()} />
        </SimpleFormIterator>
      </ArrayInput>
      <CalendarPreview />
    </>
  );
}

/** docs/product/cohorts.md#add-or-edit-a-cohort: the programme's calendar and 招生中 by default. */
export function CohortCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ status: 'enrolling', capacity: 30, moduleDays: [...DEFAULT_MODULE_DAYS], daysOff: [], startDate: formatIsoDate(new Date()) }}>
        <CohortInputs />
      </SimpleForm>
    </Create>
  );
}

/** The cohort's page: back to the list, and its 考勤 (docs/product/cohorts.md#attendance). */
function CohortEditActions() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const cohort = useRecordContext<CohortResponse>();
  return (
    <TopToolbar>
      <ListButton />
      {cohort ? (
        <>
          <Button size="small" component={Link} to={{ pathname: createPath({ resource: 'students', type: 'list' }), search: `?filter=${encodeURIComponent(JSON.stringify({ cohortId: cohort.id }))}` }} startIcon={<PeopleIcon />}>
            {translate('aipm.students.cohorts.students_of', { count: cohort.seatsTaken })}
          </Button>
          <Button size="small" component={Link} to={`${createPath({ resource: 'cohorts', id: cohort.id, type: 'edit' })}/attendance`} startIcon={<EventAvailableIcon />}>
            {translate('aipm.students.cohorts.attendance')}
          </Button>
        </>
      ) : null}
    </TopToolbar>
  );
}

export function CohortEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" actions={<CohortEditActions />}>
      <SimpleForm>
        <CohortInputs />
      </SimpleForm>
    </Edit>
  );
}
