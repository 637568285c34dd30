import { Box, Button, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/** Stands at /admin/login until the auth issue builds the real login and first-account screen. */
export function LoginPlaceholder() {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ maxWidth: 420, width: '100%' }}>
        <CardHeader title={translate('aipm.login.title')} />
        <CardContent>
          <Typography variant="body1" gutterBottom>
            {translate('aipm.login.placeholder')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
            <Button component={RouterLink} to="/admin" variant="contained">
              {translate('ra.page.dashboard')}
            </Button>
            {/* A document link: the public site is another app. */}
            <Button href="/">{translate('aipm.back_to_site')}</Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
