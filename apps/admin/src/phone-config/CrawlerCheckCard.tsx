import { CallSettingCard } from './CallSettingCard';
import { crawlerCheckQueryKey, usePhoneConfigApi } from './phoneConfigApi';

/**
 * The setting of the call when a crawl waits for a human check (docs/product/phone.md#crawler-check-call): off by
 * default, and the Alibaba Cloud template it speaks from.
 */
export function CrawlerCheckCard() {
  const api = usePhoneConfigApi();
  return (
    <CallSettingCard
      messages="crawler_check"
      titleId="phone-crawler-check-title"
      testId="phone-crawler-check"
      queryKey={crawlerCheckQueryKey}
      load={() => api.crawlerCheck()}
      save={(settings) => api.saveCrawlerCheck(settings)}
    />
  );
}
