import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { aPublicSite } from '../../../test/support/public-site';
import { renderWithI18n } from '../../../test/support/render-with-i18n';

import { SiteFooter } from './SiteFooter';

const site = aPublicSite();

function setMobile(mobile: boolean) {
  window.matchMedia = ((query: string) => ({ matches: mobile && query.includes('768'), media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
}

describe(SiteFooter.name, () => {
  it('shows the contact details and the year of the site settings', async () => {
    await renderWithI18n(<SiteFooter site={site} />, 'zh');
    expect(screen.getByRole('heading', { name: '联系我们' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0731-8123 4567' })).toHaveAttribute('href', 'tel:073181234567');
    expect(screen.getByText(/长沙市岳麓区测试路 1 号/)).toBeInTheDocument();
    expect(screen.getByText(/周一至周五 9:00 – 17:00/)).toBeInTheDocument();
    expect(screen.getByText(/^© 2031 /)).toBeInTheDocument();
  });

  afterEach(() => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });

  it('opens each QR pop-up with the generated code and closes it', async () => {
    setMobile(false);
    const user = userEvent.setup();
    await renderWithI18n(<SiteFooter site={site} />, 'en');
    for (const [label, file] of [['WeChat', 'wechat'], ['Official account', 'official-account'], ['Mini program', 'mini-program'], ['Douyin', 'short-video']] as const) {
      await user.click(screen.getByRole('button', { name: label }));
      const dialog = screen.getByRole('dialog', { name: label });
      expect(dialog.querySelector('img')).toHaveAttribute('src', `/qr/${file}.svg`);
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }
  });

  it('shows the legal texts in pop-ups', async () => {
    setMobile(false);
    const user = userEvent.setup();
    await renderWithI18n(<SiteFooter site={site} />, 'zh');
    await user.click(screen.getByRole('link', { name: 'Cookie 政策' }));
    const dialog = screen.getByRole('dialog', { name: 'Cookie 政策' });
    expect(dialog).toHaveTextContent('1 年');
    expect(dialog).toHaveTextContent('最后更新：2025年8月13日');
  });

  it('copies the WeChat ID on mobile instead of opening the QR code', async () => {
    setMobile(true);
    // After setup: user-event installs its own clipboard stub.
    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderWithI18n(<SiteFooter site={site} />, 'zh');
    await user.click(screen.getByRole('button', { name: '微信咨询' }));
    expect(writeText).toHaveBeenCalledWith('test-wechat-id');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('已复制微信号 test-wechat-id，请打开微信添加好友。')).toBeInTheDocument();
  });

  it('asks to copy the ID by hand when the clipboard fails', async () => {
    setMobile(true);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: jest.fn().mockRejectedValue(new Error('denied')) }, configurable: true });
    await renderWithI18n(<SiteFooter site={site} />, 'en');
    await user.click(screen.getByRole('button', { name: 'WeChat' }));
    expect(await screen.findByText('Copy failed. Please copy the WeChat ID manually: test-wechat-id')).toHaveClass('toast--destructive');
  });

  it('links the social profile, the ICP record and the police filing from configuration', async () => {
    await renderWithI18n(<SiteFooter site={site} />, 'en');
    expect(screen.getByRole('link', { name: 'Weibo' })).toHaveAttribute('href', site.socialUrl);
    expect(screen.getByRole('link', { name: site.icpNumber })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    expect(screen.getByRole('link', { name: site.policeFiling })).toHaveAttribute('href', site.policeFilingUrl);
  });

  it('says to open the page in WeChat to share, except inside WeChat where the share panel is', async () => {
    setMobile(false);
    const { unmount } = await renderWithI18n(<SiteFooter site={site} />, 'zh');
    expect(await screen.findByText('请在微信中打开此页面进行分享')).toBeInTheDocument();
    unmount();
    await renderWithI18n(<SiteFooter site={site} inWechat />, 'en');
    await screen.findByText('Follow us');
    expect(screen.queryByText('Please open this page in WeChat to share')).not.toBeInTheDocument();
  });
});
