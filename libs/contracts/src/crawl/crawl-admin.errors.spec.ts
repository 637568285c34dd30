import { AUTOMATED_CRAWL_SITES } from './crawl-admin.messages';
import { CRAWL_ERRORS } from './crawl-admin.errors';
import { CRAWL_CITIES } from './crawl-cities';

describe('CRAWL_ERRORS', () => {
  it('names the automated sites and the ten cities exactly as the lists hold them', () => {
    expect(CRAWL_ERRORS.INVALID_AUTOMATED_SITE).toBe(`站点必须是 ${AUTOMATED_CRAWL_SITES.join(', ')}`);
    expect(CRAWL_ERRORS.INVALID_CITY).toBe(`城市必须是 ${CRAWL_CITIES.join(', ')}`);
  });
});
