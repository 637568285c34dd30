import type { ContactMessageResponse } from '@aipm/contracts';
import { Box, Typography } from '@mui/material';
import { DataTable, SimpleList } from 'react-admin';
import { LeadStatusBadge, SubjectBadge } from '../leads/LeadBadges';
import { ContactCell, noWrap } from '../leads/LeadCells';
import { LeadDate, LeadDay, useFormatLeadDate } from '../leads/LeadDate';
import { LeadListFrame, useIsPhone } from '../leads/LeadListFrame';

const Column = DataTable.Col<ContactMessageResponse>;

/** The message body on one or two lines in the list; the whole text is on the message's page. */
function Excerpt({ text, lines }: { text: string | null; lines: number }) {
  if (!text) return null;
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
    >
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
              </Box>
              <Excerpt text={record.message} lines={2} />
            </Box>
          )}
          tertiaryText={(record) => <LeadStatusBadge status={record.status} />}
        />
      ) : (
        <DataTable<ContactMessageResponse> rowClick="edit" bulkActionButtons={false}>
          <Column source="name" />
          <Column source="createdAt" cellSx={noWrap} render={(record) => <LeadDate value={record.createdAt} />} />
          <Column source="subject" render={(record) => <SubjectBadge subject={record.subject} />} />
          <Column source="status" render={(record) => <LeadStatusBadge status={record.status} />} />
          <Column source="phone" label="aipm.leads.columns.contact" disableSort render={(record) => <ContactCell phone={record.phone} email={record.email} />} />
          <Column source="message" disableSort cellSx={() => ({ maxWidth: 280 })} render={(record) => <Excerpt text={record.message} lines={2} />} />
          <Column source="followUpAt" cellSx={noWrap} render={(record) => <LeadDay value={record.followUpAt} />} />
        </DataTable>
      )}
    </LeadListFrame>
  );
}
