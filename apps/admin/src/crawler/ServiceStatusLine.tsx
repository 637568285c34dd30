import type { CrawlServiceStatus } from '@aipm/contracts';
import { Alert, Button } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';

import { useErrorText } from './useErrorText';

/**
 * The crawling service's state ({isValid, message}, docs/product/crawler.md#crawling-service-status): read when the
 * section opens and on demand, never polled. Worded by its reason, so it reads in the administrator's language.
 */
export function ServiceStatusLine({ status }: { status: UseQueryResult<CrawlServiceStatus> }) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const recheck = (
    <Button color="inherit" size="small" onClick={() => void status.refetch()} disabled={status.isFetching}>
      {translate('aipm.crawler.service.recheck')}
    </Button>
  );
  if (status.isPending) {
    return (
      <Alert severity="info" role="status" data-testid="crawl-service-status">
        {translate('aipm.crawler.service.checking')}
      </Alert>
    );
  }
  if (status.isError) {
    return (
      <Alert severity="warning" role="status" action={recheck} data-testid="crawl-service-status">
        {translate('aipm.crawler.service.unknown', { message: errorText(status.error) })}
      </Alert>
    );
  }
  const { isValid, reason, message, worker } = status.data;
  const text = reason
    ? translate(worker ? 'aipm.crawler.service.usable_worker' : `aipm.crawler.service.${reason}`, { worker: worker ?? '' })
    : message;
  return (
    <Alert severity={isValid ? 'success' : 'warning'} role="status" action={recheck} data-testid="crawl-service-status" data-valid={isValid}>
      {text}
    </Alert>
  );
}
