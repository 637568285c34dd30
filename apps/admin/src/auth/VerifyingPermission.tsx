import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * Shown while the session check is pending (docs/product/back-office.md#permission-check), instead of react-admin's
 * generic loading page.
 */
export function VerifyingPermission() {
  const translate = useTranslate();
  return (
    <Box sx={{ height: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      <CircularProgress size={24} />
      <Typography>{translate('aipm.verifying')}</Typography>
    </Box>
  );
}
