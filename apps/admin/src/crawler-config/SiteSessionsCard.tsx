import { formatDateTime, type SiteSessionStatus } from '@aipm/contracts';
import { Box, Button, Chip, LinearProgress, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';

import { useErrorText } from '../crawler/useErrorText';
import { SITE_SESSIONS_QUERY_KEY, useCrawlerConfigApi } from './crawlerConfigApi';
import { RefreshableCardHeader } from './RefreshableCardHeader';

/** The live view: its own chunk, loaded when the operator signs in. */
const LiveViewDialog = lazy(() => import('./LiveViewDialog').then((module) => ({ default: module.LiveViewDialog })));

const DAY_MS = 24 * 3600 * 1000;

/**
 * 站点登录会话 (docs/product/crawler.md#site-sessions): per site, whether a signed-in session is stored, its age, the
 * last page read with it and the last refusal. Read when the section opens, by hand and after a deletion, never polled.
 */
export function SiteSessionsCard() {
  const translate = useTranslate();
  const api = useCrawlerConfigApi();
  const sessions = useQuery({ queryKey: SITE_SESSIONS_QUERY_KEY, queryFn: () => api.siteSessions() });
  const [signingIn, setSigningIn] = useState<SiteSessionStatus['site'] | null>(null);
  const [deleting, setDeleting] = useState<SiteSessionStatus['site'] | null>(null);
  const notify = useNotify();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (site: SiteSessionStatus['site']) => api.deleteSiteSession(site),
    onSuccess: () => notify('aipm.site_sessions.deleted', { type: 'success' }),
    onError: (error) => notify('aipm.site_sessions.delete_failed', { type: 'error', messageArgs: { message: errorText(error) } }),
    onSettled: async () => {
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: SITE_SESSIONS_QUERY_KEY });
    },
  });
  const siteName = (site: SiteSessionStatus['site']) => translate(`aipm.crawler_config.sites.${site}`);

  return (
    <Box component="section" aria-labelledby="site-sessions-title">
      <RefreshableCardHeader titleId="site-sessions-title" messages="aipm.site_sessions" hint={translate('aipm.site_sessions.hint')} query={sessions} />
      {sessions.data && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
          {sessions.data.map((session) => (
            <SiteSessionEntry key={session.site} session={session} onSignIn={() => setSigningIn(session.site)} onDelete={() => setDeleting(session.site)} />
          ))}
        </Box>
      )}
      <Confirm
        isOpen={deleting !== null}
        loading={remove.isPending}
        title="aipm.site_sessions.confirm_delete_title"
        content="aipm.site_sessions.confirm_delete"
        contentTranslateOptions={{ site: deleting ? siteName(deleting) : '' }}
        confirm="aipm.site_sessions.delete"
        confirmColor="warning"
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => !remove.isPending && setDeleting(null)}
      />
      {signingIn && (
        <Suspense fallback={<LinearProgress aria-label={translate('ra.page.loading')} />}>
          <LiveViewDialog site={signingIn} onClose={() => setSigningIn(null)} />
        </Suspense>
      )}
    </Box>
  );
}

function SiteSessionEntry({ session, onSignIn, onDelete }: { session: SiteSessionStatus; onSignIn: () => void; onDelete: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string, options?: Record<string, unknown>) => translate(`aipm.site_sessions.${key}`, options);
  const at = (iso: string | null) => (iso === null ? t('never') : formatDateTime(iso, locale));
  const rows: Array<[string, string]> = [[t('state'), t(`states.${session.state}`)]];
  if (session.capturedAt) {
    rows.push([t('age'), t('age_value', { at: at(session.capturedAt), days: Math.floor((Date.now() - Date.parse(session.capturedAt)) / DAY_MS) })]);
    rows.push([t('last_success'), at(session.lastSuccessAt)]);
    rows.push([t('last_refusal'), session.lastRefusalAt ? `${at(session.lastRefusalAt)}：${session.lastRefusal ?? ''}` : t('never')]);
  }
  return (
    <Box component="li" data-testid={`site-session-${session.site}`} sx={{ border: 1, borderColor: session.state === 'unreadable' ? 'warning.main' : 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {translate(`aipm.crawler_config.sites.${session.site}`)}
        </Typography>
        <Button size="small" variant="outlined" onClick={onSignIn} aria-label={translate('aipm.live_view.open_label', { site: translate(`aipm.crawler_config.sites.${session.site}`) })}>
          {translate('aipm.live_view.open')}
        </Button>
        {/* An unreadable session is never sent, but it is still stored: it can be deleted too. */}
        {session.state !== 'missing' && (
          <Button size="small" variant="outlined" color="warning" onClick={onDelete} aria-label={t('delete_label', { site: translate(`aipm.crawler_config.sites.${session.site}`) })}>
            {t('delete')}
          </Button>
        )}
        <Chip size="small" color={session.state === 'stored' ? 'success' : session.state === 'unreadable' ? 'warning' : 'default'} variant="outlined" label={t(`chips.${session.state}`)} />
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(6.5em, auto) 1fr', columnGap: 1, rowGap: 0.5 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
