import { type AdminPublishedJobResponse, formatAdminSalary, formatDateTime } from '@aipm/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Chip, FormControlLabel, Link, Stack, Switch, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';

import { SkillTags } from './SkillTags';

export interface PublishedJobCardProps {
  job: AdminPublishedJobResponse;
  /** A change of this job is under way: its controls wait. */
  busy: boolean;
  onToggle: (job: AdminPublishedJobResponse) => void;
  onDelete: (job: AdminPublishedJobResponse) => void;
}

/**
 * One published job: what the public card shows, its state, and the toggle and delete of
 * docs/product/crawler.md#published-jobs.
 */
export function PublishedJobCard({ job, busy, onToggle, onDelete }: PublishedJobCardProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const facts = [job.company, job.location, formatAdminSalary(job, locale)].filter(Boolean);
  return (
    <Box component="article" aria-labelledby={`job-${job.id}`} data-testid="published-job" sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={`job-${job.id}`} component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {job.title}
        </Typography>
        <Chip
          size="small"
          color={job.isActive ? 'success' : 'default'}
          label={translate(job.isActive ? 'aipm.published_jobs.active' : 'aipm.published_jobs.inactive')}
          data-testid="published-job-state"
        />
        {job.remote && <Chip size="small" variant="outlined" label={translate('aipm.published_jobs.remote')} />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }} data-testid="published-job-facts">
        {facts.join(' · ')}
      </Typography>
      <Box sx={{ mt: 1 }}>
        <SkillTags tags={job.skillTags} />
      </Box>
      {/* The liveness check at the source (docs/product/crawler.md#published-jobs-that-stay-alive). */}
      {job.closedReason ? (
        <Typography variant="body2" color="warning.main" sx={{ mt: 1, overflowWrap: 'anywhere' }} data-testid="published-job-closed">
          {translate('aipm.published_jobs.closed', {
            reason: translate(`aipm.published_jobs.closed_reasons.${job.closedReason}`),
            evidence: job.closedEvidence ?? '',
            date: job.sourceCheckedAt ? formatDateTime(job.sourceCheckedAt, locale) : '',
          })}
        </Typography>
      ) : (
        job.sourceCheckedAt &&
        job.sourceCheckOutcome && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="published-job-checked">
            {translate('aipm.published_jobs.checked', { outcome: translate(`aipm.published_jobs.check_outcomes.${job.sourceCheckOutcome}`), date: formatDateTime(job.sourceCheckedAt, locale) })}
          </Typography>
        )
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary">
          {translate('aipm.published_jobs.published_at', { date: formatDateTime(job.publishedAt, locale) })}
        </Typography>
        <Link href={job.sourceUrl} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {translate('aipm.published_jobs.source')}
          <OpenInNewIcon fontSize="inherit" aria-hidden />
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <FormControlLabel
          control={
            <Switch
              checked={job.isActive}
              disabled={busy}
              onChange={() => onToggle(job)}
              // The visible state is the switch's name; the job's title says which job it is.
              slotProps={{ input: { 'aria-describedby': `job-${job.id}` } }}
            />
          }
          label={translate(job.isActive ? 'aipm.published_jobs.active' : 'aipm.published_jobs.inactive')}
        />
        <Button
          color="error"
          size="small"
          startIcon={<DeleteIcon />}
          disabled={busy}
          onClick={() => onDelete(job)}
          aria-label={translate('aipm.published_jobs.delete_label', { title: job.title })}
        >
          {translate('aipm.published_jobs.delete')}
        </Button>
      </Stack>
    </Box>
  );
}
