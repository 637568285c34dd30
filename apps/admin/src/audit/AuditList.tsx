import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_PATHS, type AuditEntryResponse } from '@aipm/contracts';
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DataTable, DateInput, FilterButton, List, SearchInput, SelectInput, SimpleList, TopToolbar, useTranslate } from 'react-admin';
import { ListPagination } from '../layout/ListPagination';
import { ExportCsvButton } from '../leads/ExportCsvButton';
import { LeadDate, useFormatLeadDate } from '../leads/LeadDate';
import { LeadEmpty } from '../leads/LeadEmpty';
import { useIsPhone } from '../leads/LeadListFrame';
import { noWrap } from '../leads/LeadCells';
import { AUDIT_ACTORS_QUERY_KEY, useAuditApi } from './auditApi';

const Column = DataTable.Col<AuditEntryResponse>;
const breakAll = () => ({ wordBreak: 'break-all', maxWidth: 220 }) as const;
const ACTION_CHOICES = AUDIT_ACTIONS.map((code) => ({ id: code, name: `aipm.audit.actions.${code}` }));
const ENTITY_CHOICES = AUDIT_ENTITIES.map((code) => ({ id: code, name: `aipm.audit.entities.${code}` }));

/**
 * The API's filters (audit.service.ts AUDIT_LIST): q (actor, entity id, address), the administrator, action,
 * entity, a day range. A failed sign-in has no administrator: the search finds the name it tried.
 */
function useAuditFilters() {
  const translate = useTranslate();
  const api = useAuditApi();
  const actors = useQuery({ queryKey: AUDIT_ACTORS_QUERY_KEY, queryFn: () => api.actors() });
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('aipm.audit.search')} />,
    <SelectInput
      key="actorId"
      source="actorId"
      label="resources.audit-log.fields.actorName"
      choices={actors.data ?? []}
      isPending={actors.isPending}
      translateChoice={false}
      alwaysOn
    />,
    <SelectInput key="action" source="action" choices={ACTION_CHOICES} alwaysOn />,
    <SelectInput key="entity" source="entity" choices={ENTITY_CHOICES} alwaysOn />,
    <DateInput key="createdAt_gte" source="createdAt_gte" label="aipm.audit.created_from" alwaysOn />,
    <DateInput key="createdAt_lte" source="createdAt_lte" label="aipm.audit.created_to" alwaysOn />,
  ];
}

function AuditActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportCsvButton path={AUDIT_PATHS.export} />
    </TopToolbar>
  );
}

function Actor({ record }: { record: AuditEntryResponse }) {
  const translate = useTranslate();
  return <span>{record.actorName ?? translate('aipm.audit.nobody')}</span>;
}

/**
 * The audit log, newest first, 25 a page, filtered and paged by the server
 * (docs/product/back-office.md#audit-screen). A table from the small breakpoint up, cards on phones, as the lead
 * lists; a row opens the entry's before/after.
 */
export function AuditList() {
  const translate = useTranslate();
  const small = useIsPhone();
  const formatDate = useFormatLeadDate();
  return (
    <>
      {/* The page's one h1 (react-admin's app bar title is not a heading of the page). */}
      <Typography component="h1" variant="h5" sx={{ mt: 2 }}>
        {translate('aipm.audit.menu')}
      </Typography>
      <List
        filters={useAuditFilters()}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        pagination={<ListPagination />}
        exporter={false}
        actions={<AuditActions />}
        empty={<LeadEmpty textKey="aipm.audit.empty" />}
      >
        {small ? (
          <SimpleList<AuditEntryResponse>
            rowClick="show"
            className="audit-cards"
            primaryText={(record) => translate(`aipm.audit.actions.${record.action}`)}
            secondaryText={(record) => (
              <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <span>{formatDate(record.createdAt)}</span>
                <Actor record={record} />
                <span>{record.ip}</span>
              </Box>
            )}
            tertiaryText={(record) => translate(`aipm.audit.entities.${record.entity}`)}
          />
        ) : (
          <DataTable<AuditEntryResponse> rowClick="show" bulkActionButtons={false}>
            <Column source="createdAt" cellSx={noWrap} render={(record) => <LeadDate value={record.createdAt} />} />
            <Column source="actorName" disableSort render={(record) => <Actor record={record} />} />
            <Column source="action" disableSort render={(record) => translate(`aipm.audit.actions.${record.action}`)} />
            <Column source="entity" disableSort render={(record) => translate(`aipm.audit.entities.${record.entity}`)} />
            <Column source="entityId" disableSort cellSx={breakAll} />
            <Column source="ip" disableSort cellSx={noWrap} />
          </DataTable>
        )}
      </List>
    </>
  );
}
