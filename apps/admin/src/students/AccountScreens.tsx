import { STUDENT_ACCOUNT_KINDS, STUDENT_ACCOUNT_STATUSES, type StudentAccountKind, StudentAccountKind as Kind, type StudentAccountResponse } from '@aipm/contracts';
import { Box, type Theme, useMediaQuery } from '@mui/material';
import {
  AutocompleteInput,
  Create,
  DataTable,
  Edit,
  email,
  FormDataConsumer,
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
import { useLocation } from 'react-router-dom';
import { StudentEmpty, StudentTabs } from './StudentParts';

const Column = DataTable.Col<StudentAccountResponse>;
const isLogin = (kind: unknown) => (kind ?? Kind.StudentLogin) === Kind.StudentLogin;
/** A tool account is active or suspended (已停用); 未激活 is a login's state. */
const TOOL_STATUSES = STUDENT_ACCOUNT_STATUSES.filter((status) => status !== 'inactive');

function useKindChoices() {
  const translate = useTranslate();
  return STUDENT_ACCOUNT_KINDS.map((id) => ({ id, name: translate(`aipm.students.account_kind.${id}`) }));
}

/**
 * The accounts sub-tab (docs/product/students.md#student-accounts): every account of every student, tools and
 * logins, with its 类型 and a filter by it; the password is write-only.
 */
export function AccountList() {
  const translate = useTranslate();
  // Cards on phones, as on the students tab: six columns do not fit 375 px.
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const status = (record: StudentAccountResponse) => translate(`aipm.students.account_status.${record.status}`);
  const kind = (record: StudentAccountResponse) => translate(`aipm.students.account_kind.${record.kind}`);
  const filters = [<SelectInput key="kind" source="kind" label="aipm.students.fields.kind" choices={useKindChoices()} alwaysOn />];
  return (
    <>
      <StudentTabs />
      <List sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false} filters={filters} empty={<StudentEmpty textKey="aipm.students.empty_accounts" />}>
        {phone ? (
          <SimpleList<StudentAccountResponse>
            rowClick="edit"
            primaryText={(record) => `${kind(record)}：${record.username}`}
            secondaryText={(record) => (
              <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
                {record.email ? <span>{record.email}</span> : null}
                {/* No link inside the row's own link. */}
                <ReferenceField source="studentId" reference="students" link={false} />
              </Box>
            )}
            tertiaryText={status}
          />
        ) : (
          <DataTable<StudentAccountResponse> rowClick="edit" bulkActionButtons={false}>
            <Column source="kind" label="aipm.students.fields.kind" render={kind} />
            <Column source="username" label="aipm.students.fields.account" />
            <Column source="email" label="aipm.students.fields.email" render={(record) => record.email ?? '—'} />
            <Column source="studentId" label="aipm.students.fields.student" disableSort render={() => <ReferenceField source="studentId" reference="students" link="show" />} />
            <Column source="status" label="aipm.students.fields.status" render={status} />
            <Column source="lastLogin" label="aipm.students.fields.lastLogin" render={(record) => record.lastLogin ?? '—'} />
          </DataTable>
        )}
      </List>
    </>
  );
}

function StatusInput({ kind }: { kind: unknown }) {
  const translate = useTranslate();
  const statuses = isLogin(kind) ? STUDENT_ACCOUNT_STATUSES : TOOL_STATUSES;
  return <SelectInput source="status" label="aipm.students.fields.status" choices={statuses.map((id) => ({ id, name: translate(`aipm.students.account_status.${id}`) }))} />;
}

/** The fields of a kind: a login's username (3+), email and password; a tool's account text and optional email. */
function AccountFields({ kind, creating }: { kind: unknown; creating: boolean }) {
  const login = isLogin(kind);
  return (
    <>
      <TextInput
        source="username"
        label={login ? 'aipm.students.fields.username' : 'aipm.students.fields.account'}
        validate={login ? [required(), minLength(3)] : required()}
        autoComplete="off"
      />
      <TextInput source="email" label="aipm.students.fields.email" validate={login ? [required(), email()] : email()} type="email" autoComplete="off" parse={(value: string) => (value === '' ? null : value)} />
      {login ? (
        <PasswordInput
          source="password"
          label={creating ? 'aipm.students.fields.password' : 'aipm.students.fields.new_password'}
          validate={creating ? [required(), minLength(6)] : minLength(6)}
          autoComplete="new-password"
        />
      ) : null}
      <StatusInput kind={kind} />
    </>
  );
}

/**
 * Create an account: 学员登录 by default. Opened from the card's 工具账号 (`?source={"studentId":…}`) it comes back to
 * the card once saved.
 */
export function AccountCreate() {
  const fromCard = new URLSearchParams(useLocation().search).has('source');
  const kinds = useKindChoices();
  return (
    <Create redirect={fromCard ? (_resource, _id, data) => `students/${String(data?.studentId)}/show` : 'list'}>
      <SimpleForm defaultValues={{ status: 'active', kind: Kind.StudentLogin }}>
        <ReferenceInput source="studentId" reference="students">
          <AutocompleteInput label="aipm.students.fields.student" validate={required()} filterToQuery={(q) => ({ q })} />
        </ReferenceInput>
        <SelectInput source="kind" label="aipm.students.fields.kind" choices={kinds} validate={required()} />
        <FormDataConsumer<{ kind?: StudentAccountKind }>>{({ formData }) => <AccountFields kind={formData.kind} creating />}</FormDataConsumer>
      </SimpleForm>
    </Create>
  );
}

/** Edit an account: its kind and student stay. */
export function AccountEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <FormDataConsumer<{ kind?: StudentAccountKind }>>{({ formData }) => <AccountFields kind={formData.kind} creating={false} />}</FormDataConsumer>
      </SimpleForm>
    </Edit>
  );
}
