import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';

interface RefreshableCardHeaderProps {
  /** The heading's id, which the card's section is labelled by. */
  titleId: string;
  /** The messages of the card (`aipm.site_health`, …): its `title`, `refresh`, `refresh_label` and `load_failed`. */
  messages: string;
  /** The line under the title. */
  hint: string;
  /** The card's one read: refreshed by the button, its progress and failure shown under the title. */
  query: Pick<UseQueryResult, 'isFetching' | 'isError' | 'error' | 'refetch'>;
}

/**
 * The head of a card read once when its section opens and again only by hand
 * (docs/product/back-office.md#no-retries-and-no-polling): its title, a 刷新 button, the hint, a progress bar while it
 * reads and what a failed read said. Several such cards share a page, so each button is named for its card
 * (刷新站点健康), its visible text staying 刷新 at the start of that name.
 */
export function RefreshableCardHeader({ titleId, messages, hint, query }: RefreshableCardHeaderProps) {
  const translate = useTranslate();
  const { error } = query;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1 }}>
          {translate(`${messages}.title`)}
        </Typography>
        <Button size="small" onClick={() => void query.refetch()} disabled={query.isFetching} aria-label={translate(`${messages}.refresh_label`)}>
          {translate(`${messages}.refresh`)}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
      {query.isFetching && <LinearProgress sx={{ mt: 1 }} aria-label={translate('ra.page.loading')} />}
      {query.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate(`${messages}.load_failed`, { message: error instanceof Error ? translate(error.message, { _: error.message }) : String(error) })}
        </Alert>
      )}
    </>
  );
}
