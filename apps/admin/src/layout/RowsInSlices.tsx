import { type ReactNode, useDeferredValue, useMemo } from 'react';
import { ListContextProvider, useListContext } from 'react-admin';

/**
 * Around a list's rows (a DataTable or SimpleList): when the list's page arrives, its rows render in a transition
 * that React slices into tasks of a few milliseconds (ADR 079), rather than in the answer's synchronous render,
 * which react-query's updates always are: 25 rows in one go were a task of ~50 ms on this machine, four times that
 * on the phone Lighthouse simulates. Until then the rows' loading placeholder stays, as while the page was on
 * its way; a later page replaces the rows the same way.
 */
export function RowsInSlices({ children }: { children: ReactNode }) {
  const list = useListContext();
  const data = useDeferredValue(list.data);
  const value = useMemo(() => (data === list.data ? list : { ...list, data, isPending: data === undefined || list.isPending }), [list, data]);
  return <ListContextProvider value={value as typeof list}>{children}</ListContextProvider>;
}
