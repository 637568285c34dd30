import InboxIcon from '@mui/icons-material/Inbox';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The list with no lead at all (no filter set): the empty texts of docs/product/back-office.md#lead-lists. */
export function LeadEmpty({ textKey }: { textKey: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 8, px: 2, textAlign: 'center', color: 'text.secondary' }} data-testid="lead-empty">
      <InboxIcon sx={{ fontSize: 64, opacity: 0.5 }} />
      <Typography variant="h6" component="p">
        {translate(textKey)}
      </Typography>
    </Box>
  );
}
