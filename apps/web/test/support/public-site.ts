import type { PublicSiteConfig } from '~/config/site-config';

/** The page's site data as the index loader hands it over (overrides per test). */
export function aPublicSite(overrides: Partial<PublicSiteConfig> = {}): PublicSiteConfig {
  return {
    wechatId: 'test-wechat-id',
    salesPhone: '0731-8123 4567',
    salesTel: 'tel:073181234567',
    address: '长沙市岳麓区测试路 1 号',
    officeHours: '周一至周五 9:00 – 17:00',
    cohort: '2026 年 3 月中旬',
    feeMin: '21,800',
    feeMax: '31,800',
    year: 2031,
    socialUrl: 'https://weibo.example/test',
    icpNumber: '湘ICP备0000号',
    icpUrl: 'https://beian.miit.gov.cn/',
    policeFiling: '湘公网安备 1 号',
    policeFilingUrl: 'https://beian.mps.gov.cn/#/query/webSearch?code=1',
    ...overrides,
  };
}
