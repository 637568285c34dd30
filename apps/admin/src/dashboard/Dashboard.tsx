import { Card, CardContent, CardHeader, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** Placeholder until the dashboard issue brings the stat cards and tabs. */
export function Dashboard() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="aipm.dashboard.title" />
      <CardHeader title={translate('aipm.dashboard.welcome')} />
      <CardContent>
        <Typography variant="body1">{translate('aipm.dashboard.placeholder')}</Typography>
      </CardContent>
    </Card>
  );
}
