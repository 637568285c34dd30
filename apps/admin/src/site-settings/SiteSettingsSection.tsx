import { Alert, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';

import { SITE_SETTINGS_QUERY_KEY, useSiteSettingsApi } from './siteSettingsApi';
import { SiteSettingsForm } from './SiteSettingsForm';
import { LeadSettingsCard } from '../leads/LeadSettingsCard';

/**
 * 网站设置 (docs/product/back-office.md#site-settings): what the public site shows of the next cohort, the fees and the
 * contact details.
 */
export function SiteSettingsSection() {
  const translate = useTranslate();
  const api = useSiteSettingsApi();
  const settings = useQuery({ queryKey: SITE_SETTINGS_QUERY_KEY, queryFn: () => api.read() });

  return (
    <>
      <Title title="aipm.site_settings.menu" />
      {/* The page's one h1 (react-admin's app bar title is not a heading of the page). */}
      <Typography component="h1" variant="h5" sx={{ mt: 2 }}>
        {translate('aipm.site_settings.menu')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('aipm.site_settings.hint')}
      </Typography>
      <Card sx={{ mt: 2, mb: 2 }}>
        <CardContent>
          {settings.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
          {settings.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
                  {translate('aipm.site_settings.retry')}
                </Button>
              }
            >
              {translate('aipm.site_settings.load_failed', {
                message: settings.error instanceof Error ? translate(settings.error.message, { _: settings.error.message }) : String(settings.error),
              })}
            </Alert>
          )}
          {/* The form starts from the first answer; a save answers the new settings, which the form takes up. */}
          {settings.data && <SiteSettingsForm settings={settings.data} />}
        </CardContent>
      </Card>
      <LeadSettingsCard />
    </>
  );
}
