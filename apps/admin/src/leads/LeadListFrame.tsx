import { LEAD_PATHS } from '@aipm/contracts';
import { Box, Card, type Theme, useMediaQuery } from '@mui/material';
import { lazy, type ReactNode, Suspense } from 'react';
import { ListBase, Loading, Offline, Title, useListContext } from 'react-admin';
import { ListPagination } from '../layout/ListPagination';
import { RowsInSlices } from '../layout/RowsInSlices';
import { LeadEmpty } from './LeadEmpty';
import type { LeadKind } from './leadChoices';
import { useLeadImport } from './useLeadImport';

// The search, the filters and the actions come after the rows: with the filter form, ~35 KB gzip (ADR 081).
const LeadListToolbar = lazy(() => import('./LeadListToolbar').then((module) => ({ default: module.LeadListToolbar })));

const EXPORT_PATHS: Record<LeadKind, string> = { registrations: LEAD_PATHS.registrationsExport, messages: LEAD_PATHS.contactExport };

type ToolbarHeight = { xs: number; sm: number };

/**
 * The toolbar's height while its chunk is on its way, so the rows do not move when it arrives: as measured at 375
 * and 412 px (the filters one under another, the messages' subject too) and at 1280 px (one row).
 */
const TOOLBAR_HEIGHT = { registrations: { xs: 172, sm: 64 }, messages: { xs: 232, sm: 64 } } satisfies Record<LeadKind, ToolbarHeight>;

/** Below the small breakpoint the lists show cards instead of a table. */
export function useIsPhone(): boolean {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
}

/**
 * What both lead lists share: the server-side filters, newest first, 25 a page, the API's CSV export instead
 * of react-admin's client-side one, and the empty text (docs/product/back-office.md#lead-lists).
 */
export function LeadListFrame({ kind, children }: { kind: LeadKind; children: ReactNode }) {
  const leadImport = useLeadImport();
  const importButton = kind === 'registrations' ? leadImport.button : undefined;
  return (
    <>
      {/* As react-admin's <List>: its loading screen while the session is checked, being offline shown in the card. */}
      <ListBase sort={{ field: 'createdAt', order: 'DESC' }} perPage={25} exporter={false} authLoading={<Loading />} offline={false}>
        <LeadListView
          toolbarHeight={TOOLBAR_HEIGHT[kind]}
          toolbar={<LeadListToolbar kind={kind} exportPath={EXPORT_PATHS[kind]} importButton={importButton} />}
          empty={<LeadEmpty textKey={`aipm.leads.empty.${kind}`} action={importButton} />}
        >
          <RowsInSlices>{children}</RowsInSlices>
        </LeadListView>
      </ListBase>
      {leadImport.dialog}
    </>
  );
}

/**
 * react-admin's list page (ListView: the title, the toolbar, the rows in a card, the pages, or the empty text when
 * there is no lead and no filter), with its toolbar loaded after the rows. ListView imports the filter form
 * itself, so it would bring that chunk with the rows.
 */
function LeadListView({ toolbar, toolbarHeight, empty, children }: { toolbar: ReactNode; toolbarHeight: ToolbarHeight; empty: ReactNode; children: ReactNode }) {
  const { defaultTitle, error, isPaused, isPending, isPlaceholderData, filterValues, resource, total } = useListContext();
  const noLeadAtAll = !error && !isPending && total === 0 && Object.keys(filterValues).length === 0;
  return (
    <Box className="list-page" sx={{ display: 'flex' }}>
      <Title defaultTitle={defaultTitle} preferenceKey={`${resource}.list.title`} />
      {noLeadAtAll ? (
        <Box className="RaList-noResults" sx={{ flex: 1 }}>
          {empty}
        </Box>
      ) : (
        <Box className="RaList-main" sx={{ flex: '1 1 auto', display: 'flex', flexDirection: 'column' }}>
          <Suspense fallback={<Box sx={{ minHeight: toolbarHeight }} />}>{toolbar}</Suspense>
          <Card className="RaList-content" sx={{ position: 'relative', overflow: 'inherit', boxShadow: { xs: 'none', sm: undefined } }}>
            {isPaused && (isPending || isPlaceholderData) ? <Offline /> : children}
          </Card>
          <ListPagination />
        </Box>
      )}
    </Box>
  );
}
