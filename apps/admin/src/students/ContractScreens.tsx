import { CONTRACT_STATUSES, type ContractResponse, formatMoneyFromCents, type GuaranteeTerms, parseYuanToCents } from '@aipm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Box, type Theme, useMediaQuery } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
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
import { GUARANTEE_SETTINGS_QUERY_KEY, useGuaranteeApi } from './guaranteeApi';
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

const TERMS: ReadonlyArray<{ source: string; term: keyof GuaranteeTerms }> = [
  { source: 'guaranteeTarget', term: 'target' },
  { source: 'refundRate', term: 'refundRate' },
  { source: 'bonusThreshold', term: 'bonusThreshold' },
  { source: 'bonusRate', term: 'bonusRate' },
  { source: 'guaranteeWindowDays', term: 'windowDays' },
  { source: 'minAttendance', term: 'minAttendance' },
];
/** A whole number, or null for the settings' default; text that is no number is sent for the API to refuse. */
const wholeOrNull = (text: string) => (text.trim() === '' ? null : Number.isInteger(Number(text)) ? Number(text) : text);
const yuanOrNull = (text: string) => (text.trim() === '' ? null : (parseYuanToCents(text) ?? text));
const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * 含薪资保障 and the contract's own terms (docs/product/guarantee.md#terms): each empty field takes the settings'
 * default, named in its hint.
 */
function GuaranteeInputs() {
  const translate = useTranslate();
  const api = useGuaranteeApi();
  const guaranteed = useWatch({ name: 'guaranteed' }) as boolean | undefined;
  const defaults = useQuery({ queryKey: GUARANTEE_SETTINGS_QUERY_KEY, queryFn: () => api.settings(), enabled: !!guaranteed });
  const shown = (term: keyof GuaranteeTerms) => (defaults.data ? (term === 'target' ? formatMoneyFromCents(defaults.data.target) : String(defaults.data[term])) : '…');
  return (
    <>
      <BooleanInput source="guaranteed" label="aipm.students.guarantee.guaranteed" />
      {guaranteed ? (
        <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          {TERMS.map(({ source, term }) => (
            <TextInput
              key={source}
              source={source}
              label={`aipm.students.guarantee.terms.${term}`}
              helperText={translate('aipm.students.guarantee.default_hint', { value: shown(term) })}
              format={term === 'target' ? yuan : asText}
              parse={term === 'target' ? yuanOrNull : wholeOrNull}
              inputMode={term === 'target' ? 'decimal' : 'numeric'}
            />
          ))}
        </Box>
      ) : null}
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
      <GuaranteeInputs />
      <ContractFilesInput creating={creating} />
      <TextInput source="notes" label="aipm.students.fields.notes" multiline parse={orNull} />
    </>
  );
}

export function ContractCreate() {
  return (
    <Create redirect="list">
      {/* The bootcamp's contracts carry the salary guarantee unless the administrator says otherwise. */}
      <SimpleForm defaultValues={{ status: 'active', guaranteed: true }}>
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
