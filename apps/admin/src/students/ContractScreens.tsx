import { CONTRACT_STATUSES, type ContractResponse, formatMoneyFromCents, parseYuanToCents } from '@aipm/contracts';
import { Box, type Theme, useMediaQuery } from '@mui/material';
import {
  AutocompleteInput,
  Create,
  DataTable,
  DateInput,
  Edit,
  List,
  ReferenceField,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextInput,
  useTranslate,
} from 'react-admin';
import { ContractFilesInput } from './ContractFilesInput';
import { StudentEmpty, StudentTabs } from './StudentParts';

const Column = DataTable.Col<ContractResponse>;
/** The amount is typed in yuan and stored in cents (as payments are). */
const yuan = (cents: unknown) => (typeof cents === 'number' ? (cents / 100).toFixed(2) : '');
const cents = (text: string) => parseYuanToCents(text) ?? text;
const orNull = (value: string) => (value === '' ? null : value);
const paidOfDue = (record: ContractResponse) => `${formatMoneyFromCents(record.paidAmount, record.currency)} / ${formatMoneyFromCents(record.contractAmount, record.currency)}`;

/** The contracts sub-tab (a placeholder in the original). */
export function ContractList() {
  const translate = useTranslate();
  // Cards on phones, as on the students tab: seven columns do not fit 375 px.
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const status = (record: ContractResponse) => translate(`aipm.students.contract_status.${record.status}`);
  return (
    <>
      <StudentTabs />
      <List sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false} empty={<StudentEmpty textKey="aipm.students.empty_contracts" />}>
        {phone ? (
          <SimpleList<ContractResponse>
            rowClick="edit"
            primaryText={(record) => record.contractNumber}
            secondaryText={(record) => (
              <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
                {/* No link inside the row's own link. */}
                <ReferenceField source="studentId" reference="students" link={false} />
                <span>{record.courseName}</span>
                <span>{paidOfDue(record)}</span>
                <span>
                  {record.startDate} – {record.endDate}
                </span>
              </Box>
            )}
            tertiaryText={status}
          />
        ) : (
          <DataTable<ContractResponse> rowClick="edit" bulkActionButtons={false}>
            <Column source="contractNumber" label="aipm.students.fields.contractNumber" />
            <Column source="studentId" label="aipm.students.fields.student" disableSort render={() => <ReferenceField source="studentId" reference="students" link="show" />} />
            <Column source="courseName" label="aipm.students.fields.courseName" />
            <Column source="contractAmount" label="aipm.students.fields.paid" render={paidOfDue} />
            <Column source="startDate" label="aipm.students.fields.startDate" />
            <Column source="endDate" label="aipm.students.fields.endDate" />
            <Column source="status" label="aipm.students.fields.status" render={status} />
          </DataTable>
        )}
      </List>
    </>
  );
}

function ContractInputs({ creating }: { creating: boolean }) {
  const translate = useTranslate();
  return (
    <>
      {creating ? (
        <ReferenceInput source="studentId" reference="students">
          <AutocompleteInput label="aipm.students.fields.student" validate={required()} filterToQuery={(q) => ({ q })} />
        </ReferenceInput>
      ) : null}
      <TextInput source="contractNumber" label="aipm.students.fields.contractNumber" validate={required()} />
      <TextInput source="courseName" label="aipm.students.fields.courseName" validate={required()} />
      <TextInput source="contractAmount" label="aipm.students.fields.contractAmount" validate={required()} format={yuan} parse={cents} inputMode="decimal" />
      <DateInput source="startDate" label="aipm.students.fields.startDate" validate={required()} />
      <DateInput source="endDate" label="aipm.students.fields.endDate" validate={required()} />
      <DateInput source="signedDate" label="aipm.students.fields.signedDate" parse={orNull} />
      <SelectInput source="status" label="aipm.students.fields.status" choices={CONTRACT_STATUSES.map((id) => ({ id, name: translate(`aipm.students.contract_status.${id}`) }))} />
      <ContractFilesInput creating={creating} />
      <TextInput source="notes" label="aipm.students.fields.notes" multiline parse={orNull} />
    </>
  );
}

export function ContractCreate() {
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ status: 'active' }}>
        <ContractInputs creating />
      </SimpleForm>
    </Create>
  );
}

export function ContractEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <ContractInputs creating={false} />
      </SimpleForm>
    </Edit>
  );
}
