import { formatMoneyTotals, type StudentResponse } from '@aipm/contracts';
import { Box, type Theme, useMediaQuery } from '@mui/material';
import { AutocompleteInput, DataTable, List, ReferenceInput, SearchInput, SimpleList, TopToolbar, useTranslate } from 'react-admin';
import { AddStudentButton } from './StudentForm';
import { StudentEmpty, StudentStatusBadge, StudentTabs } from './StudentParts';
import { ListPagination } from '../layout/ListPagination';

const Column = DataTable.Col<StudentResponse>;

function Actions() {
  return (
    <TopToolbar>
      <AddStudentButton />
    </TopToolbar>
  );
}

/**
 * The student info list (docs/product/students.md#student-list): cards on phones, a table with a detail view from the
 * small breakpoint up.
 */
export function StudentList() {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('aipm.students.search')} aria-label={translate('aipm.students.search')} />,
    // A cohort's students (docs/product/cohorts.md#students-in-a-cohort); the cohort's page links here with it set.
    <ReferenceInput key="cohortId" source="cohortId" reference="cohorts" sort={{ field: 'startDate', order: 'DESC' }}>
      <AutocompleteInput label="aipm.students.fields.cohort" filterToQuery={(q) => ({ q })} />
    </ReferenceInput>,
  ];
  return (
    <>
      <StudentTabs />
      <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} pagination={<ListPagination />} exporter={false} actions={<Actions />} empty={<StudentEmpty textKey="aipm.students.empty" add={<AddStudentButton variant="contained" />} />}>
        {phone ? (
          <SimpleList<StudentResponse>
            rowClick="show"
            primaryText={(record) => record.name}
            secondaryText={(record) => (
              <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                <span>{record.phone}</span>
                {record.school ? <span>{record.school}</span> : null}
                <span>{formatMoneyTotals(record.paidTotals)}</span>
              </Box>
            )}
            tertiaryText={(record) => <StudentStatusBadge status={record.status} />}
          />
        ) : (
          <DataTable<StudentResponse> rowClick="show" bulkActionButtons={false}>
            <Column source="name" label="aipm.students.fields.name" />
            <Column source="phone" label="aipm.students.fields.phone" disableSort />
            <Column source="status" label="aipm.students.fields.status" render={(record) => <StudentStatusBadge status={record.status} />} />
            <Column source="school" label="aipm.students.fields.school" />
            <Column source="major" label="aipm.students.fields.major" />
            <Column source="enrollmentDate" label="aipm.students.fields.enrollmentDate" />
            <Column source="paidTotals" label="aipm.students.fields.paidTotal" disableSort render={(record) => formatMoneyTotals(record.paidTotals)} />
          </DataTable>
        )}
      </List>
    </>
  );
}
