import type { ContactMessageResponse } from '@aipm/contracts';
import { Box, Typography } from '@mui/material';
import { DataTable, SimpleList } from 'react-admin';
import { LeadStatusBadge, SubjectBadge } from '../leads/LeadBadges';
import { ContactCell, noWrap } from '../leads/LeadCells';
import { LeadDate, LeadDay, useFormatLeadDate } from '../leads/LeadDate';
import { LeadListFrame, useIsPhone } from '../leads/LeadListFrame';
import { PersonRecordsChip } from '../people/PersonLinks';

const Column = DataTable.Col<ContactMessageResponse>;

/** The whole message body, its line breaks kept (the spec's messages tab shows it in full, at most 2,000 characters). */
function MessageBody({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Typography component="span" variant="body2" data-testid="message-body" sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  );
}

/**
 * The messages list of docs/product/back-office.md#lead-lists: name, date, subject badge, email, optional phone,
 * message body, plus the follow-up status. Server-side search, filters, sort and pages; a table from the small
 * breakpoint up, cards on phones.
 */
export function MessageList() {
  const small = useIsPhone();
  const formatDate = useFormatLeadDate();
  return (
    <LeadListFrame kind="messages">
      {small ? (
        <SimpleList<ContactMessageResponse>
          rowClick="edit"
          className="lead-cards"
          primaryText={(record) => record.name}
          secondaryText={(record) => (
            <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
                <span>{formatDate(record.createdAt)}</span>
                <SubjectBadge subject={record.subject} />
                {record.phone && <span>{record.phone}</span>}
                <PersonRecordsChip count={record.personRecords} resource="messages" id={record.id} linked={false} />
              </Box>
              {record.email ? <Box component="span" sx={{ overflowWrap: 'anywhere' }}>{record.email}</Box> : null}
              <MessageBody text={record.message} />
            </Box>
          )}
          tertiaryText={(record) => <LeadStatusBadge status={record.status} />}
        />
      ) : (
        <DataTable<ContactMessageResponse> rowClick="edit" bulkActionButtons={false}>
          <Column
            source="name"
            render={(record) => (
              <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
                {record.name}
                <PersonRecordsChip count={record.personRecords} resource="messages" id={record.id} />
              </Box>
            )}
          />
          <Column source="createdAt" cellSx={noWrap} render={(record) => <LeadDate value={record.createdAt} />} />
          <Column source="subject" render={(record) => <SubjectBadge subject={record.subject} />} />
          <Column source="status" render={(record) => <LeadStatusBadge status={record.status} />} />
          <Column source="phone" label="aipm.leads.columns.contact" disableSort render={(record) => <ContactCell phone={record.phone} email={record.email} />} />
          <Column source="message" disableSort cellSx={() => ({ minWidth: 200, maxWidth: 360 })} render={(record) => <MessageBody text={record.message} />} />
          <Column source="followUpAt" cellSx={noWrap} render={(record) => <LeadDay value={record.followUpAt} />} />
        </DataTable>
      )}
    </LeadListFrame>
  );
}
