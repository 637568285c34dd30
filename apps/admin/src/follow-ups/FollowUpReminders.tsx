import { type AgendaFollowUp, FOLLOW_UP_PATHS, type FollowUpDueEvent } from '@aipm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { personPath } from './followUpsApi';

/**
 * The reminders (docs/product/back-office.md#reminders): while the back office is open, the server pushes each
 * follow-up as it falls due (GET /api/admin/follow-ups/events, server-sent); it shows as a desktop notification when
 * the browser allows them, as a toast otherwise, and 今日待办 is read again. A stream that reconnects reads it again
 * once, for what was missed. Nothing polls. Rendered once, in the layout.
 */
export function FollowUpReminders() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The stream stays open across language changes and re-renders: the handler reads the latest of these.
  const remind = useRef<(followUp: AgendaFollowUp) => void>(() => undefined);
  remind.current = (followUp) => {
    const kind = translate(`aipm.follow_ups.kinds.${followUp.kind}`);
    const note = followUp.note ? ` · ${followUp.note}` : '';
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      const shown = new Notification(translate('aipm.follow_ups.reminder.title', { name: followUp.name }), {
        body: translate('aipm.follow_ups.reminder.body', { kind, phone: followUp.phone, note }),
        tag: followUp.id,
      });
      shown.onclick = () => {
        window.focus();
        navigate(personPath(followUp.leadType, followUp.leadId));
        shown.close();
      };
      return;
    }
    notify('aipm.follow_ups.reminder.toast', { type: 'warning', autoHideDuration: 15_000, messageArgs: { name: followUp.name, kind, note } });
  };

  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(FOLLOW_UP_PATHS.events);
    let openedBefore = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['aipm', 'follow-ups'] });
    source.onopen = () => {
      if (openedBefore) refresh();
      openedBefore = true;
    };
    source.onmessage = (message: MessageEvent<string>) => {
      let event: FollowUpDueEvent;
      try {
        event = JSON.parse(message.data) as FollowUpDueEvent;
      } catch {
        return; // Not an event of ours.
      }
      if (event.type !== 'due') return;
      refresh();
      remind.current(event.followUp);
    };
    return () => source.close();
  }, [queryClient]);

  return null;
}
