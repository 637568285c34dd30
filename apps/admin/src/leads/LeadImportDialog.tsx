import {
  LEAD_IMPORT_FIELDS,
  LEAD_IMPORT_LIMITS,
  LEAD_IMPORT_SKIP_LABELS,
  type LeadImportBatchResponse,
  type LeadImportField,
  type LeadImportMapping,
  type LeadImportPlanResponse,
  type LeadImportPreviewResponse,
} from '@aipm/contracts';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  MenuItem,
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useFormatLeadDate } from './LeadDate';
import { useIsPhone } from './LeadListFrame';
import { LEAD_IMPORTS_QUERY_KEY, useLeadImportsApi } from './leadImportApi';

type Stage = 'file' | 'mapping' | 'dry_run' | 'done';
const STAGES: readonly Stage[] = ['file', 'mapping', 'dry_run', 'done'];

/**
 * The import wizard (docs/product/back-office.md#lead-import): file → mapping with the file's first rows → the dry
 * run's counts and rows → the import, then the batch with 撤销导入; the history of imports below. Full screen on
 * phones; every step reachable by keyboard, the counts announced as they arrive.
 */
export function LeadImportDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`aipm.lead_import.${key}`, options);
  const phone = useIsPhone();
  const titleId = useId();
  const refresh = useRefresh();
  const api = useLeadImportsApi();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>('file');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<LeadImportPreviewResponse | null>(null);
  const [mapping, setMapping] = useState<LeadImportMapping>({});
  const [plan, setPlan] = useState<LeadImportPlanResponse | null>(null);
  const [batch, setBatch] = useState<LeadImportBatchResponse | null>(null);
  const message = (error: unknown) => (error instanceof Error ? translate(error.message, { _: error.message }) : String(error));

  const read = useMutation({
    mutationFn: (chosen: File) => api.preview(chosen),
    onSuccess: (answer) => {
      setPreview(answer);
      setMapping(answer.suggestedMapping);
      setStage('mapping');
    },
  });
  const dryRun = useMutation({
    mutationFn: () => api.dryRun(file!, mapping),
    onSuccess: (answer) => {
      setPlan(answer);
      setStage('dry_run');
    },
  });
  const imported = useMutation({
    mutationFn: () => api.importFile(file!, mapping),
    onSuccess: (answer) => {
      setBatch(answer);
      setStage('done');
      refresh();
      void queryClient.invalidateQueries({ queryKey: LEAD_IMPORTS_QUERY_KEY });
    },
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = ''; // the same file chosen again is read again
    if (!chosen) return;
    setFile(chosen);
    read.mutate(chosen);
  };
  const failure = [read, dryRun, imported].find((mutation) => mutation.isError)?.error;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('title')}</DialogTitle>
      <DialogContent dividers>
        <Stepper activeStep={STAGES.indexOf(stage)} alternativeLabel={!phone} orientation={phone ? 'vertical' : 'horizontal'} sx={{ mb: 2 }}>
          {STAGES.map((key) => (
            <Step key={key}>
              <StepLabel>{t(`steps.${key}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {message(failure)}
          </Alert>
        ) : null}

        {stage === 'file' && (
          <Box>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('file.hint')}
            </Typography>
            <Button variant="contained" component="label" disabled={read.isPending}>
              {t('file.choose')}
              {/* Hidden by clipping, not display:none, so the label's input stays in the tab order for keyboards. */}
              <input
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={choose}
                style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
              />
            </Button>
            {read.isPending && <Busy label={t('file.reading')} />}
          </Box>
        )}

        {stage === 'mapping' && preview && (
          <MappingStep preview={preview} mapping={mapping} onChange={setMapping} t={t} />
        )}

        {stage === 'dry_run' && plan && <PlanStep plan={plan} t={t} />}

        {stage === 'done' && batch && <BatchSummary batch={batch} onUndone={setBatch} t={t} />}

        <History t={t} onUndone={(undone) => batch?.id === undone.id && setBatch(undone)} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {(stage === 'mapping' || stage === 'dry_run') && (
          <Button onClick={() => setStage(stage === 'mapping' ? 'file' : 'mapping')} disabled={dryRun.isPending || imported.isPending}>
            {t('back')}
          </Button>
        )}
        {stage === 'mapping' && (
          <Button variant="contained" onClick={() => dryRun.mutate()} disabled={!mapping.phone || dryRun.isPending}>
            {dryRun.isPending ? t('mapping.running') : t('mapping.run')}
          </Button>
        )}
        {stage === 'dry_run' && plan && (
          <Button variant="contained" onClick={() => imported.mutate()} disabled={plan.created + plan.merged === 0 || imported.isPending}>
            {imported.isPending ? t('dry_run.importing') : t('dry_run.confirm')}
          </Button>
        )}
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

type T = (key: string, options?: object) => string;

function Busy({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
      <CircularProgress size={20} aria-hidden />
      <Typography variant="body2">{label}</Typography>
    </Box>
  );
}

function MappingStep({ preview, mapping, onChange, t }: { preview: LeadImportPreviewResponse; mapping: LeadImportMapping; onChange: (mapping: LeadImportMapping) => void; t: T }) {
  const set = (field: LeadImportField, header: string) => {
    const next: LeadImportMapping = {};
    // A column serves one field: choosing it here takes it from the field that had it.
    for (const [other, taken] of Object.entries(mapping) as [LeadImportField, string][]) if (other !== field && taken !== header) next[other] = taken;
    if (header) next[field] = header;
    onChange(next);
  };
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('mapping.summary', { fileName: preview.fileName, rowCount: preview.rowCount })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('mapping.hint')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
        {LEAD_IMPORT_FIELDS.map((field) => (
          <TextField
            key={field}
            select
            size="small"
            label={t(`fields.${field}`)}
            value={mapping[field] ?? ''}
            onChange={(event) => set(field, event.target.value)}
            required={field === 'phone'}
            error={field === 'phone' && !mapping.phone}
            helperText={field === 'phone' && !mapping.phone ? t('mapping.phone_required') : undefined}
          >
            <MenuItem value="">{t('mapping.none')}</MenuItem>
            {preview.headers.map((header) => (
              <MenuItem key={header} value={header}>
                {header}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('mapping.preview', { count: Math.min(preview.rows.length, LEAD_IMPORT_LIMITS.previewRows) })}
      </Typography>
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('mapping.preview', { count: preview.rows.length })}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {preview.headers.map((header) => (
                <TableCell key={header} sx={{ whiteSpace: 'nowrap' }}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.rows.map((row, index) => (
              <TableRow key={index}>
                {preview.headers.map((header) => (
                  <TableCell key={header} sx={{ whiteSpace: 'nowrap' }}>
                    {row[header]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

function PlanStep({ plan, t }: { plan: LeadImportPlanResponse; t: T }) {
  const [locale] = useLocaleState();
  const language = locale === 'en' ? 'en' : 'zh';
  const listed = LEAD_IMPORT_LIMITS.listedRows;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('dry_run.hint')}
      </Typography>
      <Box role="status" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Typography variant="h6" component="p">{t('dry_run.created', { count: plan.created })}</Typography>
        <Typography variant="h6" component="p">{t('dry_run.merged', { count: plan.merged })}</Typography>
        <Typography variant="h6" component="p">{t('dry_run.skipped', { count: plan.skipped })}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('dry_run.merged_hint')}
      </Typography>
      {plan.skipped > 0 && (
        <Section title={t('dry_run.skipped_rows')} more={plan.skipped > listed ? t('dry_run.first_rows', { count: listed }) : ''}>
          <List dense>
            {Object.entries(plan.skippedByReason).map(([reason, count]) => (
              <ListItem key={reason} disableGutters>
                {LEAD_IMPORT_SKIP_LABELS[reason as keyof typeof LEAD_IMPORT_SKIP_LABELS][language]}: {count}
              </ListItem>
            ))}
          </List>
          <RowsTable rows={plan.skippedRows.map((row) => [t('dry_run.line', { line: row.line }), LEAD_IMPORT_SKIP_LABELS[row.reason][language]])} />
        </Section>
      )}
      {plan.created > 0 && (
        <Section title={t('dry_run.created_rows')} more={plan.created > listed ? t('dry_run.first_rows', { count: listed }) : ''}>
          <RowsTable rows={plan.createdRows.map((row) => [t('dry_run.line', { line: row.line }), row.name, row.phone])} />
        </Section>
      )}
      {plan.merged > 0 && (
        <Section title={t('dry_run.merged_rows')} more={plan.merged > listed ? t('dry_run.first_rows', { count: listed }) : ''}>
          <RowsTable rows={plan.mergedRows.map((row) => [t('dry_run.line', { line: row.line }), row.name, row.phone])} />
        </Section>
      )}
    </Box>
  );
}

function Section({ title, more, children }: { title: string; more: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {title} {more}
      </Typography>
      {children}
    </Box>
  );
}

function RowsTable({ rows }: { rows: string[][] }) {
  return (
    <Box sx={{ maxHeight: 240, overflow: 'auto' }} tabIndex={0}>
      <Table size="small">
        <TableBody>
          {rows.map((cells, index) => (
            <TableRow key={index}>
              {cells.map((cell, column) => (
                <TableCell key={column}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The batch just imported, and its undo after a confirmation. */
function BatchSummary({ batch, onUndone, t }: { batch: LeadImportBatchResponse; onUndone: (batch: LeadImportBatchResponse) => void; t: T }) {
  return (
    <Box role="status" sx={{ mb: 2 }}>
      <Typography variant="h6" component="p">
        {batch.undoneAt ? t('done.undone') : t('done.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('done.summary', { created: batch.created, merged: batch.merged, skipped: batch.skipped })}</Typography>
      {!batch.undoneAt && <UndoButton batch={batch} onUndone={onUndone} t={t} variant="outlined" />}
    </Box>
  );
}

function UndoButton({ batch, onUndone, t, variant = 'text' }: { batch: LeadImportBatchResponse; onUndone: (batch: LeadImportBatchResponse) => void; t: T; variant?: 'text' | 'outlined' }) {
  const api = useLeadImportsApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const undo = useMutation({
    mutationFn: () => api.undo(batch.id),
    onSuccess: (undone) => {
      setConfirming(false);
      onUndone(undone);
      refresh();
      void queryClient.invalidateQueries({ queryKey: LEAD_IMPORTS_QUERY_KEY });
      notify('aipm.lead_import.done.undone_toast', { type: 'success' });
    },
    onError: (error) => {
      setConfirming(false);
      notify('aipm.lead_import.done.failed', { type: 'error', messageArgs: { message: error instanceof Error ? translate(error.message, { _: error.message }) : String(error) } });
    },
  });
  if (!confirming) {
    return (
      <Button size="small" color="warning" variant={variant} onClick={() => setConfirming(true)}>
        {t('done.undo')}
      </Button>
    );
  }
  return (
    <Alert
      severity="warning"
      role="alertdialog"
      action={
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" color="inherit" onClick={() => undo.mutate()} disabled={undo.isPending} autoFocus>
            {t('done.undo_yes')}
          </Button>
          <Button size="small" color="inherit" onClick={() => setConfirming(false)} disabled={undo.isPending}>
            {t('done.undo_no')}
          </Button>
        </Box>
      }
    >
      {t('done.undo_confirm')}
    </Alert>
  );
}

/** 导入记录: every import, newest first, with its counts, who and when, and 撤销导入 while it stands. */
function History({ t, onUndone }: { t: T; onUndone: (batch: LeadImportBatchResponse) => void }) {
  const api = useLeadImportsApi();
  const formatDate = useFormatLeadDate();
  const batches = useQuery({ queryKey: LEAD_IMPORTS_QUERY_KEY, queryFn: () => api.list() });
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {t('history.title')}
      </Typography>
      {batches.data && batches.data.length === 0 && <Typography variant="body2">{t('history.empty')}</Typography>}
      {batches.data && batches.data.length > 0 && (
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('history.title')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('history.file')}</TableCell>
                <TableCell>{t('history.when')}</TableCell>
                <TableCell>{t('history.who')}</TableCell>
                <TableCell>{t('history.counts')}</TableCell>
                <TableCell>{t('history.state')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {batches.data.map((batch) => (
                <TableRow key={batch.id}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{batch.fileName}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(batch.createdAt)}</TableCell>
                  <TableCell>{batch.importedBy ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {batch.created} / {batch.merged} / {batch.skipped}
                  </TableCell>
                  <TableCell>
                    {batch.undoneAt ? (
                      t('history.undone_by', { who: batch.undoneBy ?? '—', when: formatDate(batch.undoneAt) })
                    ) : (
                      <UndoButton batch={batch} onUndone={onUndone} t={t} />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
