import { formatIsoDate, isMaskedPhone, STUDENT_STATUSES } from '@aipm/contracts';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Dialog, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import {
  AutocompleteInput,
  Button,
  Create,
  CreateBase,
  DateInput,
  Edit,
  email,
  HttpError,
  Link,
  ReferenceInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useCreatePath,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import type { EnrolState } from '../leads/EnrolButton';

/** Empty inputs are sent as null: the API clears a field on null and keeps it on a missing one. */
const orNull = (value: string) => (value === '' ? null : value);

/** On the edit page the phone arrives masked (PIPL): left as it is, it is not sent; a change needs the whole number. */
function StudentInputs({ maskedPhone = false }: { maskedPhone?: boolean }) {
  const translate = useTranslate();
  const statusChoices = STUDENT_STATUSES.map((id) => ({ id, name: translate(`aipm.students.status.${id}`) }));
  return (
    <>
      <TextInput source="name" label="aipm.students.fields.name" validate={required()} autoComplete="off" />
      <TextInput
        source="phone"
        label="aipm.students.fields.phone"
        validate={required()}
        type="tel"
        autoComplete="off"
        helperText={maskedPhone ? 'aipm.people.phone_edit_hint' : undefined}
      />
      <TextInput source="email" label="aipm.students.fields.email" validate={email()} type="email" parse={orNull} autoComplete="off" />
      <TextInput source="school" label="aipm.students.fields.school" parse={orNull} />
      <TextInput source="major" label="aipm.students.fields.major" parse={orNull} />
      <SelectInput source="status" label="aipm.students.fields.status" choices={statusChoices} validate={required()} />
      <DateInput source="enrollmentDate" label="aipm.students.fields.enrollmentDate" validate={required()} />
      <LeavingDates />
      {/* docs/product/cohorts.md#students-in-a-cohort: typed to search, newest start first. */}
      <ReferenceInput source="cohortId" reference="cohorts" sort={{ field: 'startDate', order: 'DESC' }}>
        <AutocompleteInput label="aipm.students.fields.cohort" filterToQuery={(q) => ({ q })} parse={orNull} emptyText="aipm.students.cohorts.none" />
      </ReferenceInput>
      <TextInput source="notes" label="aipm.students.fields.notes" multiline minRows={2} parse={orNull} />
    </>
  );
}

/**
 * The graduation date, required when the status is 已毕业, and the withdrawal date, shown and required with 退学
 * (docs/product/outcomes.md#graduation); the API holds the same rules.
 */
function LeavingDates() {
  const status = useWatch({ name: 'status' }) as string | undefined;
  return (
    <>
      <DateInput source="graduationDate" label="aipm.students.fields.graduationDate" parse={orNull} validate={status === 'graduated' ? required() : undefined} />
      {status === 'withdrawn' ? <DateInput source="withdrawalDate" label="aipm.students.fields.withdrawalDate" parse={orNull} validate={required()} /> : null}
    </>
  );
}

/** Where the add form came from a lead's 转为学员: its location state (leads/EnrolButton.tsx), else undefined. */
function useEnrolState(): EnrolState | undefined {
  const state = useLocation().state as Partial<EnrolState> | null;
  return state?.enrolFrom ? (state as EnrolState) : undefined;
}

/** The masked phone the lead's data brought is not a number: left as it is, the API takes the lead's own. */
const withoutMaskedPhone = (data: Record<string, unknown>) => {
  const { phone, ...rest } = data;
  return typeof phone === 'string' && isMaskedPhone(phone) ? rest : data;
};

/** Above an enrolment's form: whom it comes from, and the student the person already is when the API says so. */
function EnrolNotice({ enrol, existingId }: { enrol: EnrolState; existingId: string | null }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const leadResource = enrol.enrolFrom.resource === 'contact' ? 'messages' : 'registrations';
  return (
    <Box sx={{ px: 2, pt: 2, display: 'grid', gap: 1 }}>
      {/* Static guidance, not an announcement: MUI's default role is alert. */}
      <Alert severity="info" role="note">
        {translate(`aipm.students.enrol.from.${enrol.enrolFrom.resource}`, { name: enrol.leadName })}. {translate('aipm.students.enrol.hint')}{' '}
        <Link to={createPath({ resource: leadResource, id: enrol.enrolFrom.id, type: 'edit' })}>{translate('aipm.students.enrol.view_source')}</Link>
      </Alert>
      {existingId ? (
        <Alert severity="warning" role="alert">
          {translate('aipm.students.enrol.already')}{' '}
          <Link to={createPath({ resource: 'students', id: existingId, type: 'show' })}>{translate('aipm.students.enrol.view_existing')}</Link>
        </Alert>
      ) : null}
    </Box>
  );
}

/** A new student's defaults: 在学, enrolled today. */
const newStudentDefaults = () => ({ status: 'active', enrollmentDate: formatIsoDate(new Date()) });

/**
 * A refused save: a refused field is shown beside its input (react-admin's own rule), with no toast; anything else
 * is a toast. An enrolment refused because the person is a student already hands over that student's id.
 */
function useStudentSaveError(onExisting?: (id: string) => void) {
  const notify = useNotify();
  return (error: unknown) => {
    const body = error instanceof HttpError ? (error.body as { existingId?: unknown; errors?: object } | undefined) : undefined;
    if (typeof body?.existingId === 'string') onExisting?.(body.existingId);
    if (Object.keys(body?.errors ?? {}).length === 0) notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
  };
}

/**
 * 添加学员 (docs/product/students.md#add-or-edit-a-student): the add form in a dialog over the student list, as the
 * card's payments are added in place. Saving closes it and opens the new student's card; 取消, Escape or the
 * backdrop close it with nothing saved.
 */
export function AddStudentButton({ variant }: { variant?: 'contained' }) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const onError = useStudentSaveError();
  const close = () => setOpen(false);
  return (
    <>
      <Button label="aipm.students.add" variant={variant} onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{translate('aipm.students.add')}</DialogTitle>
        <CreateBase
          resource="students"
          redirect={false}
          mutationOptions={{
            onSuccess: (data: { id: string }) => {
              notify('aipm.students.added', { type: 'success' });
              close();
              redirect('show', 'students', data.id);
            },
            onError,
          }}
        >
          <SimpleForm
            defaultValues={newStudentDefaults()}
            toolbar={
              <Toolbar sx={{ gap: 1 }}>
                <SaveButton />
                <Button label="ra.action.cancel" onClick={close} />
              </Toolbar>
            }
          >
            <StudentInputs />
          </SimpleForm>
        </CreateBase>
      </Dialog>
    </>
  );
}

/**
 * The add form as a page: a lead's 转为学员 opens it filled with the lead's data, and saving enrols the lead
 * (docs/product/students.md#enrol-a-lead); name and phone required, status 在学 and today by default.
 */
export function StudentCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const enrol = useEnrolState();
  const [existingId, setExistingId] = useState<string | null>(null);
  const onError = useStudentSaveError(setExistingId);
  return (
    <Create
      redirect="show"
      title={enrol ? 'aipm.students.enrol.title' : undefined}
      transform={enrol ? withoutMaskedPhone : undefined}
      mutationOptions={{
        meta: enrol ? { enrolFrom: enrol.enrolFrom } : undefined,
        onSuccess: (data: { id: string }) => {
          notify(enrol ? 'aipm.students.enrol.enrolled' : 'aipm.students.added', { type: 'success' });
          redirect('show', 'students', data.id);
        },
        onError,
      }}
    >
      {enrol ? <EnrolNotice enrol={enrol} existingId={existingId} /> : null}
      <SimpleForm defaultValues={newStudentDefaults()}>
        <StudentInputs maskedPhone={enrol !== undefined} />
      </SimpleForm>
    </Create>
  );
}

export function StudentEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <SimpleForm>
        <StudentInputs maskedPhone />
      </SimpleForm>
    </Edit>
  );
}
