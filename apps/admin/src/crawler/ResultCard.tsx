import { type CrawlResultResponse, formatAdminSalary, formatDateTime } from '@aipm/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Chip, Link, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';

import { SkillTags } from '../published-jobs/SkillTags';

const STATUS_COLORS = { pending: 'warning', approved: 'info', published: 'success', rejected: 'default' } as const;

export type ResultAction = 'approve' | 'reject' | 'publish';

export interface ResultCardProps {
  result: CrawlResultResponse;
  /** An action of this result is under way: its buttons wait. */
  busy: boolean;
  onAction: (result: CrawlResultResponse, action: ResultAction) => void;
}

/**
 * The actions each state allows (docs/product/crawler.md#result-states): pending → approve/reject, approved →
 * publish, the rest none.
 */
export function actionsOf(status: CrawlResultResponse['status']): ResultAction[] {
  if (status === 'pending') return ['approve', 'reject'];
  if (status === 'approved') return ['publish'];
  return [];
}

/** One crawl result under review: the job, its site and state badge, and the actions its state allows. */
export function ResultCard({ result, busy, onAction }: ResultCardProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const salary = result.salaryMin !== null || result.salaryMax !== null ? formatAdminSalary(result, locale) : (result.salary ?? translate('aipm.crawler.results.salary_unknown'));
  const facts = [result.company, result.location, salary].filter(Boolean);
  const titleId = `result-${result.id}`;
  return (
    <Box component="article" aria-labelledby={titleId} data-testid="crawl-result" sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {result.title}
        </Typography>
        <Chip size="small" color={STATUS_COLORS[result.status]} label={translate(`aipm.crawler.result_status.${result.status}`)} data-testid="crawl-result-status" />
        <Chip size="small" variant="outlined" label={translate(`aipm.crawler.sites.${result.site ?? 'other'}`)} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {facts.join(' · ')}
      </Typography>
      {result.description && (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
          {result.description}
        </Typography>
      )}
      <Box sx={{ mt: 1 }}>
        <SkillTags tags={result.skillTags} />
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary">
          {translate('aipm.crawler.results.extracted_at', { date: formatDateTime(result.extractedAt, locale) })}
        </Typography>
        {result.sources.length > 1 ? (
          // One posting found on several sites (ADR 020): one review item, a link to each place.
          <Box component="ul" aria-label={translate('aipm.crawler.results.sources_label', { count: result.sources.length })} sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
            {result.sources.map((source) => {
              const site = translate(`aipm.crawler.sites.${source.site ?? 'other'}`);
              return (
                <li key={source.resultId}>
                  <Link href={source.sourceUrl} target="_blank" rel="noopener noreferrer" variant="body2" aria-label={translate('aipm.crawler.results.source_on_label', { site })} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                    {translate('aipm.crawler.results.source_on', { site })}
                    <OpenInNewIcon fontSize="inherit" aria-hidden />
                  </Link>
                </li>
              );
            })}
          </Box>
        ) : (
          <Link href={result.sourceUrl} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            {translate('aipm.crawler.results.source')}
            <OpenInNewIcon fontSize="inherit" aria-hidden />
          </Link>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {actionsOf(result.status).map((action) => (
          <Button
            key={action}
            size="small"
            variant={action === 'reject' ? 'outlined' : 'contained'}
            color={action === 'reject' ? 'inherit' : action === 'publish' ? 'success' : 'primary'}
            disabled={busy}
            onClick={() => onAction(result, action)}
            aria-label={translate(`aipm.crawler.results.${action}_label`, { title: result.title })}
          >
            {translate(`aipm.crawler.results.${action}`)}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}
