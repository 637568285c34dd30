import { formatIsoDate, STUDENT_STATUSES } from '@aipm/contracts';
import { Create, DateInput, Edit, email, required, SelectInput, SimpleForm, TextInput, useNotify, useRedirect, useTranslate } from 'react-admin';

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
      <DateInput source="graduationDate" label="aipm.students.fields.graduationDate" parse={orNull} />
      <TextInput source="notes" label="aipm.students.fields.notes" multiline minRows={2} parse={orNull} />
    </>
  );
}

/**
 * The add-student dialog's form (docs/product/students.md#add-or-edit-a-student): name and phone required, status 在学
 * and today by default.
 */
export function StudentCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      redirect="show"
      mutationOptions={{
        onSuccess: (data: { id: string }) => {
          notify('aipm.students.added', { type: 'success' });
          redirect('show', 'students', data.id);
        },
      }}
    >
      <SimpleForm defaultValues={{ status: 'active', enrollmentDate: formatIsoDate(new Date()) }}>
        <StudentInputs />
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
