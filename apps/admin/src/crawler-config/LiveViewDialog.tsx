import { LIVE_VIEW_HEIGHT, LIVE_VIEW_KEYS, LIVE_VIEW_PATHS, LIVE_VIEW_WIDTH, type LiveViewEvent, type LiveViewInput, type LiveViewKey, type LiveViewSite } from '@aipm/contracts';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState, type WheelEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';

import { SITE_SESSIONS_QUERY_KEY, useCrawlerConfigApi } from './crawlerConfigApi';

/** Pointer moves while a button is held (a slider's drag) are sent at most this often. */
const MOVE_INTERVAL_MS = 50;

type Phase = 'opening' | 'open' | 'closing' | 'ended';

/**
 * 登录 (docs/product/crawler.md#live-view): the worker's Chromium on the site's sign-in page, as frames from the API's
 * event stream; a pointer press, drag and release, the wheel and keys on the focused picture are sent to the page.
 * 完成并保存 closes the view and stores the site's session. Keyboard: Tab reaches the picture; there, typed text,
 * Enter, Backspace, Tab and the arrows go to the page, and Esc leaves it for the buttons.
 */
export function LiveViewDialog({ site, check, onClose }: { site: LiveViewSite; check?: { viewId: string; pageNumber: number }; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useCrawlerConfigApi();
  const queryClient = useQueryClient();
  const t = (key: string, options?: Record<string, unknown>) => translate(`aipm.live_view.${key}`, options);
  const siteName = translate(`aipm.crawler_config.sites.${site}`);
  // A crawl waiting for a check (ADR 078) already holds its page as a view: the dialog attaches to it.
  const [viewId, setViewId] = useState<string | null>(check?.viewId ?? null);
  const [phase, setPhase] = useState<Phase>(check ? 'open' : 'opening');
  const [frame, setFrame] = useState<Extract<LiveViewEvent, { type: 'frame' }> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const picture = useRef<HTMLImageElement>(null);
  const doneButton = useRef<HTMLButtonElement>(null);
  const lastMove = useRef(0);

  const failed = (cause: unknown) => setError(cause instanceof Error ? translate(cause.message, { _: cause.message }) : String(cause));

  useEffect(() => {
    if (check) return undefined;
    let cancelled = false;
    api.openLiveView(site).then(
      (opened) => !cancelled && (setViewId(opened.viewId), setPhase('open')),
      (cause: unknown) => !cancelled && (failed(cause), setPhase('ended')),
    );
    return () => {
      cancelled = true;
    };
    // Opened once per dialog: the site is fixed while it is open.
  }, []);

  useEffect(() => {
    if (!viewId || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(LIVE_VIEW_PATHS.events(viewId));
    source.onmessage = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as LiveViewEvent;
      if (event.type === 'frame') setFrame(event);
      else {
        source.close();
        setPhase('ended');
      }
    };
    return () => source.close();
  }, [viewId]);

  const send = (input: LiveViewInput) => {
    if (!viewId || phase !== 'open') return;
    api.liveViewInput(viewId, input).catch((cause: unknown) => {
      failed(cause);
      setPhase('ended');
    });
  };

  /** Where the pointer is on the page: the picture's pixels scaled to the 1280×800 viewport. */
  const pointAt = (event: PointerEvent<HTMLImageElement> | WheelEvent<HTMLImageElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.round(((event.clientX - box.left) / Math.max(1, box.width)) * LIVE_VIEW_WIDTH);
    const y = Math.round(((event.clientY - box.top) / Math.max(1, box.height)) * LIVE_VIEW_HEIGHT);
    return { x: Math.min(LIVE_VIEW_WIDTH, Math.max(0, x)), y: Math.min(LIVE_VIEW_HEIGHT, Math.max(0, y)) };
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      doneButton.current?.focus();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if ((LIVE_VIEW_KEYS as readonly string[]).includes(event.key)) {
      event.preventDefault();
      send({ kind: 'key', key: event.key as LiveViewKey });
    } else if (event.key.length === 1) {
      event.preventDefault();
      send({ kind: 'text', text: event.key });
    }
  };

  const finish = async () => {
    if (!viewId || phase !== 'open') return onClose();
    setPhase('closing');
    try {
      const closed = await api.closeLiveView(viewId);
      await queryClient.invalidateQueries({ queryKey: SITE_SESSIONS_QUERY_KEY });
      if (check) notify('aipm.live_view.check_resumed', { type: 'success', messageArgs: { site: siteName, page: check.pageNumber } });
      else notify(closed.stored ? 'aipm.live_view.stored' : 'aipm.live_view.not_stored', { type: closed.stored ? 'success' : 'warning', messageArgs: { site: siteName, cookies: closed.cookies } });
      onClose();
    } catch (cause) {
      failed(cause);
      setPhase('ended');
    }
  };

  return (
    <Dialog open onClose={() => void finish()} maxWidth="lg" fullWidth aria-labelledby="live-view-title">
      <DialogTitle id="live-view-title">{t(check ? 'check_title' : 'title', { site: siteName, page: check?.pageNumber })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" id="live-view-hint" sx={{ mb: 1 }}>
          {t(check ? 'check_hint' : 'hint', { site: siteName })}
        </Typography>
        {(phase === 'opening' || (phase === 'open' && !frame) || phase === 'closing') && <LinearProgress aria-label={t(phase === 'closing' ? 'closing' : 'opening')} />}
        <Typography role="status" aria-live="polite" variant="body2" sx={{ my: 0.5 }}>
          {phase === 'opening' ? t('opening') : phase === 'closing' ? t('closing') : phase === 'ended' && !error ? t('ended') : ''}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        {frame && (
          <Box
            tabIndex={0}
            role="application"
            aria-label={t('picture', { site: siteName })}
            aria-describedby="live-view-hint"
            onKeyDown={onKeyDown}
            onPaste={(event) => {
              event.preventDefault();
              const text = event.clipboardData.getData('text/plain');
              if (text) send({ kind: 'text', text: text.slice(0, 500) });
            }}
            sx={{ outline: 'none', '&:focus-visible': { boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.main}` }, lineHeight: 0 }}
            data-testid="live-view-picture"
          >
            <img
              ref={picture}
              src={`data:image/jpeg;base64,${frame.jpeg}`}
              alt={t('picture_alt', { site: siteName, url: frame.url })}
              width={frame.width}
              height={frame.height}
              draggable={false}
              style={{ width: '100%', height: 'auto', maxWidth: LIVE_VIEW_WIDTH, border: '1px solid rgba(0,0,0,0.2)', touchAction: 'none', cursor: 'pointer' }}
              onPointerDown={(event) => {
                event.currentTarget.setPointerCapture(event.pointerId);
                send({ kind: 'down', ...pointAt(event) });
              }}
              onPointerMove={(event) => {
                if (event.buttons === 0 || Date.now() - lastMove.current < MOVE_INTERVAL_MS) return;
                lastMove.current = Date.now();
                send({ kind: 'move', ...pointAt(event) });
              }}
              onPointerUp={(event) => send({ kind: 'up', ...pointAt(event) })}
              onWheel={(event) => send({ kind: 'scroll', ...pointAt(event), deltaX: Math.round(event.deltaX), deltaY: Math.round(event.deltaY) })}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button ref={doneButton} variant="contained" onClick={() => void finish()} disabled={phase === 'closing' || phase === 'opening'}>
          {phase === 'open' ? t(check ? 'check_done' : 'done') : t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
