import { Box } from '@mui/material';

/** Dates and phone numbers read badly when wrapped. */
export const noWrap = () => ({ whiteSpace: 'nowrap' }) as const;

/** Two values of one column, one under the other (keeps the table within 1280 px beside the menu). */
export function TwoLines({ first, second }: { first: string | null; second: string | null }) {
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      {first && <span>{first}</span>}
      {second && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {second}
        </Box>
      )}
    </Box>
  );
}

/** The phone (optional on messages, docs/product/back-office.md#lead-lists) over the email. */
export function ContactCell({ phone, email }: { phone: string | null; email: string | null }) {
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      {phone && <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{phone}</Box>}
      {email && (
        <Box component="span" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {email}
        </Box>
      )}
    </Box>
  );
}
