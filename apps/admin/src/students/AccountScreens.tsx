import { STUDENT_ACCOUNT_STATUSES, type StudentAccountResponse } from '@aipm/contracts';
import { Box, type Theme, useMediaQuery } from '@mui/material';
import {
  AutocompleteInput,
  Create,
  DataTable,
  Edit,
  email,
  List,
  minLength,
  PasswordInput,
  ReferenceField,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  useTranslate,
} from 'react-admin';
import { StudentEmpty, StudentTabs } from './StudentParts';

const Column = DataTable.Col<StudentAccountResponse>;

/** The accounts sub-tab (a placeholder in the original): student logins; the password is write-only. */
export function AccountList() {
  const translate = useTranslate();
  // Cards on phones, as on the students tab: five columns do not fit 375 px.
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const status = (record: StudentAccountResponse) => translate(`aipm.students.account_status.${record.status}`);
  return (
    <>
      <StudentTabs />
      <List sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false} empty={<StudentEmpty textKey="aipm.students.empty_accounts" />}>
        {phone ? (
          <SimpleList<StudentAccountResponse>
            rowClick="edit"
            primaryText={(record) => record.username}
            secondaryText={(record) => (
              <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
                <span>{record.email}</span>
                {/* No link inside the row's own link. */}
                <ReferenceField source="studentId" reference="students" link={false} />
              </Box>
            )}
            tertiaryText={status}
          />
        ) : (
          <DataTable<StudentAccountResponse> rowClick="edit" bulkActionButtons={false}>
            <Column source="username" label="aipm.students.fields.username" />
            <Column source="email" label="aipm.students.fields.email" />
            <Column source="studentId" label="aipm.students.fields.student" disableSort render={() => <ReferenceField source="studentId" reference="students" link="show" />} />
            <Column source="status" label="aipm.students.fields.status" render={status} />
            <Column source="lastLogin" label="aipm.students.fields.lastLogin" render={(record) => record.lastLogin ?? '—'} />
          </DataTable>
        )}
      </List>
    </>
  );
}

function StatusInput() {
  const translate = useTranslate();
  return (
    <SelectInput source="status" label="aipm.students.fields.status" choices={STUDENT_ACCOUNT_STATUSES.map((id) => ({ id, name: translate(`aipm.students.account_status.${id}`) }))} />
  );
}

export function AccountCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ status: 'active' }}>
        <ReferenceInput source="studentId" reference="students">
          <AutocompleteInput label="aipm.students.fields.student" validate={required()} filterToQuery={(q) => ({ q })} />
        </ReferenceInput>
        <TextInput source="username" label="aipm.students.fields.username" validate={[required(), minLength(3)]} autoComplete="off" />
        <TextInput source="email" label="aipm.students.fields.email" validate={[required(), email()]} type="email" autoComplete="off" />
        <PasswordInput source="password" label="aipm.students.fields.password" validate={[required(), minLength(6)]} autoComplete="new-password" />
        <StatusInput />
      </SimpleForm>
    </Create>
  );
}

export function AccountEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <TextInput source="username" label="aipm.students.fields.username" validate={[required(), minLength(3)]} autoComplete="off" />
        <TextInput source="email" label="aipm.students.fields.email" validate={[required(), email()]} type="email" autoComplete="off" />
        <PasswordInput source="password" label="aipm.students.fields.new_password" validate={minLength(6)} autoComplete="new-password" />
        <StatusInput />
      </SimpleForm>
    </Edit>
  );
}
