import { act, screen } from '@testing-library/react';

import { aPublicSite } from '../../../test/support/public-site';
import { renderWithI18n, testLandingTexts } from '../../../test/support/render-with-i18n';

import { Pricing } from './Pricing';

describe(Pricing.name, () => {
  it('sends standard to registration and enterprise to contact, standard marked recommended', async () => {
    await renderWithI18n(<Pricing site={aPublicSite()} />, 'en');
    expect(screen.getByText(/From ¥21,800/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register now' })).toHaveAttribute('href', '#registration');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '#contact');
    expect(screen.getByText('Recommended').closest('.plan')).toHaveTextContent('Standard');
  });

  it('shows the fee range, the promotions and the two-discount note', async () => {
    // The early bird of a fresh install: 35 and 30 days before the next cohort (2027-03-15).
    await renderWithI18n(<Pricing site={aPublicSite()} />, 'zh');
    expect(screen.getByText('每期费用 21,800 – 31,800 元，根据入学评估确定。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '早鸟优惠' })).toBeInTheDocument();
    expect(screen.getByText('2月8日前报名立减 1,500 元')).toBeInTheDocument();
    expect(screen.getByText('2月13日前报名立减 800 元')).toBeInTheDocument();
    expect(screen.getByText('5 人及以上每人减 2,000 元')).toBeInTheDocument();
    expect(screen.getByText('校友推荐报名减 1,000 元')).toBeInTheDocument();
    expect(screen.getByText('以上优惠最多只能同时享受两项。')).toBeInTheDocument();
  });

  it('shows only the promotions still offered: an option past its end date, and a promotion with none left, are gone', async () => {
    const dayAfterFirstEnd = await renderWithI18n(<Pricing site={aPublicSite()} />, 'en', testLandingTexts('en', { today: '2027-02-09' }));
    expect(screen.queryByText('1,500 RMB off when you register by 8 Feb')).not.toBeInTheDocument();
    expect(screen.getByText('800 RMB off when you register by 13 Feb')).toBeInTheDocument();
    dayAfterFirstEnd.unmount();
    await renderWithI18n(<Pricing site={aPublicSite()} />, 'en', testLandingTexts('en', { today: '2027-02-14' }));
    expect(screen.queryByRole('heading', { name: 'Early bird' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Group' })).toBeInTheDocument();
  });

  it('drops an option at midnight in China while the page is open, and keeps what the server offered until then', async () => {
    // 23:59:50 in Beijing on 8 Feb, the first early-bird option's last day.
    jest.useFakeTimers({ now: new Date('2027-02-08T15:59:50Z') });
    try {
      await renderWithI18n(<Pricing site={aPublicSite()} />, 'zh', testLandingTexts('zh', { today: '2027-02-08' }));
      expect(screen.getByText('2月8日前报名立减 1,500 元')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(9_000));
      expect(screen.getByText('2月8日前报名立减 1,500 元')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(2_000));
      expect(screen.queryByText('2月8日前报名立减 1,500 元')).not.toBeInTheDocument();
      expect(screen.getByText('2月13日前报名立减 800 元')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

