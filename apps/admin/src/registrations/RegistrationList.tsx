import type { RegistrationResponse } from '@aipm/contracts';
import { Box } from '@mui/material';
import { DataTable, SimpleList } from 'react-admin';
import { LeadStatusBadge, RepeatBadge } from '../leads/LeadBadges';
import { ContactCell, noWrap, TwoLines } from '../leads/LeadCells';
import { LeadDate, LeadDay, useFormatLeadDate } from '../leads/LeadDate';
import { LeadListFrame, useIsPhone } from '../leads/LeadListFrame';
import { PersonRecordsChip } from '../people/PersonLinks';

const Column = DataTable.Col<RegistrationResponse>;

/**
 * The registrations list of docs/product/back-office.md#lead-lists: name, registration time (yyyy年MM月dd日 HH:mm),
 * status badge, phone, email, school, major, plus the repeat count. Server-side search, filters, sort and pages; a
 * table from the small breakpoint up (contact and school columns paired so it fits beside the menu), a list of cards
 * on phones.
 */
export function RegistrationList() {
  const small = useIsPhone();
  const formatDate = useFormatLeadDate();
  return (
    <LeadListFrame kind="registrations">
      {small ? (
        <SimpleList<RegistrationResponse>
          rowClick="edit"
          className="lead-cards"
          primaryText={(record) => record.name}
          secondaryText={(record) => (
            <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
              <span>{formatDate(record.createdAt)}</span>
              <span>{record.phone}</span>
              <span>
                {record.school} · {record.major}
              </span>
              <RepeatBadge count={record.repeatCount} />
              <PersonRecordsChip count={record.personRecords} resource="registrations" id={record.id} linked={false} />
            </Box>
          )}
          tertiaryText={(record) => <LeadStatusBadge status={record.status} />}
        />
      ) : (
        <DataTable<RegistrationResponse> rowClick="edit" bulkActionButtons={false}>
          <Column
            source="name"
            render={(record) => (
              <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
                {record.name}
                <RepeatBadge count={record.repeatCount} />
                <PersonRecordsChip count={record.personRecords} resource="registrations" id={record.id} />
              </Box>
            )}
          />
          <Column source="createdAt" cellSx={noWrap} render={(record) => <LeadDate value={record.createdAt} />} />
          <Column source="status" render={(record) => <LeadStatusBadge status={record.status} />} />
          <Column source="phone" label="aipm.leads.columns.contact" disableSort render={(record) => <ContactCell phone={record.phone} email={record.email} />} />
          <Column
            source="school"
            label="aipm.leads.columns.school_major"
            render={(record) => <TwoLines first={record.school} second={record.major} />}
          />
          <Column source="followUpAt" cellSx={noWrap} render={(record) => <LeadDay value={record.followUpAt} />} />
        </DataTable>
      )}
    </LeadListFrame>
  );
}
