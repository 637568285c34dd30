import { CONTRACT_STATUSES, type ContractResponse, formatMoneyFromCents, parseYuanToCents } from '@aipm/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import { useId } from 'react';
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
  useInput,
  useTranslate,
} from 'react-admin';
import { PickFilesButton } from './StudentFiles';
import { StudentEmpty, StudentTabs } from './StudentParts';
import { useStudentUpload } from './useStudentUpload';

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

/**
 * The contract's signed file (docs/product/students.md#contract-file): the card's three-step upload
 * (docs/product/students.md#file-upload), its URL kept in the form until 保存. A file replaced or removed leaves
 * storage when the contract is saved (the API's update); one uploaded but never saved is swept after a day.
 */
function ContractFileInput() {
  const translate = useTranslate();
  const labelId = useId();
  const { field } = useInput<string | null>({ source: 'contractFile' });
  const { upload, uploading } = useStudentUpload('contract', async ([accessURL]) => {
    if (accessURL) field.onChange(accessURL);
  });
  const url = typeof field.value === 'string' && field.value ? field.value : undefined;
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ mb: 2 }} data-testid="contract-file-field">
      <Typography id={labelId} variant="body2" color="text.secondary">
        {translate('aipm.students.contract_file.label')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
        {url ? (
          <Button size="small" href={url} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />}>
            {translate('aipm.students.files.view')}
          </Button>
        ) : (
          <Typography variant="body2">{translate('aipm.students.contract_file.none')}</Typography>
        )}
        <PickFilesButton
          kind="contract"
          multiple={false}
          disabled={uploading}
          label={translate(uploading ? 'aipm.students.upload.uploading' : url ? 'aipm.students.contract_file.replace' : 'aipm.students.contract_file.upload')}
          onFiles={(files) => void upload(files.slice(0, 1))}
          testId="contract-form-file-input"
        />
        {url ? (
          <Button size="small" color="inherit" disabled={uploading} onClick={() => field.onChange(null)}>
            {translate('aipm.students.contract_file.remove')}
          </Button>
        ) : null}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {translate('aipm.students.contract_file.hint')}
      </Typography>
    </Box>
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
      <ContractFileInput />
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
