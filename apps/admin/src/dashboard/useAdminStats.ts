import type { AdminStatsResponse } from '@aipm/contracts';
import { useEffect, useState } from 'react';
import { adminApi } from '../auth/adminApi';

export type AdminStats = AdminStatsResponse['data'];

/** Loads the three counts once per visit of the dashboard (spec §7: no polling, no refetch on focus). */
export function useAdminStats(): { stats?: AdminStats; failed: boolean } {
  const [state, setState] = useState<{ stats?: AdminStats; failed: boolean }>({ failed: false });
  useEffect(() => {
    let active = true;
    adminApi.stats().then(
      (answer) => active && setState({ stats: answer.data, failed: false }),
      () => active && setState({ failed: true }),
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}
