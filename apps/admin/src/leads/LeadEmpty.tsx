import InboxIcon from '@mui/icons-material/Inbox';
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * The list with no lead at all (no filter set): the empty texts of docs/product/back-office.md#lead-lists, and the
 * list's own way to add leads where it has one (`action`, 导入 on the registrations): react-admin shows this in place
 * of the whole list, its toolbar included.
 */
export function LeadEmpty({ textKey, action }: { textKey: string; action?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 8, px: 2, textAlign: 'center', color: 'text.secondary' }} data-testid="lead-empty">
      <InboxIcon sx={{ fontSize: 64, opacity: 0.5 }} />
      <Typography variant="h6" component="p">
        {translate(textKey)}
      </Typography>
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
