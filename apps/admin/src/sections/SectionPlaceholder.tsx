import { Card, CardContent, CardHeader, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** Stands in for a back-office area until its issue lands. */
export function SectionPlaceholder({ labelKey }: { labelKey: string }) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={labelKey} />
      <CardHeader title={translate(labelKey)} />
      <CardContent>
        <Typography color="text.secondary">{translate('aipm.placeholder')}</Typography>
      </CardContent>
    </Card>
  );
}
