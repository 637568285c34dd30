import { BACKUP_PATHS, type BackupLiveEvent } from '@aipm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { BACKUPS_QUERY_KEY } from './backupsApi';

/**
 * The server's backup events (GET /api/admin/backups/events, server-sent): the card's runs are read again when a
 * backup starts or ends, and once after a dropped stream reconnects (for what was missed). Nothing polls.
 */
export function useBackupEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(BACKUP_PATHS.events);
    let openedBefore = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: BACKUPS_QUERY_KEY });
    source.onopen = () => {
      if (openedBefore) refresh();
      openedBefore = true;
    };
    source.onmessage = (message: MessageEvent<string>) => {
      try {
        const event = JSON.parse(message.data) as BackupLiveEvent;
        if (event.type === 'started' || event.type === 'finished') refresh();
      } catch {
        // Not an event of ours.
      }
    };
    return () => source.close();
  }, [queryClient]);
}
