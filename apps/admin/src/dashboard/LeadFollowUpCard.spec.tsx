import '../../test/support/jsdom-setup';
import { FIRST_CONTACT_PATH, type FirstContactWeek, SOURCE_FUNNEL_PATH, type SourceFunnelStats } from '@aipm/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { LeadFollowUpCard } from './LeadFollowUpCard';

const SLOW = { timeout: 5000 };
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });

/** 12 weeks from 2025-12-22, the last two with leads. */
function weeks(last: Array<Partial<FirstContactWeek>>): FirstContactWeek[] {
  return Array.from({ length: 12 }, (_, index) => {
    const monday = new Date(Date.UTC(2025, 11, 22 + index * 7)).toISOString().slice(0, 10);
    const empty: FirstContactWeek = { week: monday, isoWeek: `W${index}`, arrived: 0, contacted: 0, medianSeconds: null, waiting: 0 };
    return { ...empty, ...(last[index - (12 - last.length)] ?? {}) };
  });
}
const FUNNEL: SourceFunnelStats = {
  timeZone: 'Asia/Shanghai',
  from: '2025-12-22',
  weeks: 12,
  sources: [
    { kind: 'utm', name: 'wechat', arrived: 5, contacted: 3, enrolled: 1, givenUp: 1, contactedRate: 0.6, enrolledRate: 0.2 },
    { kind: 'direct', name: null, arrived: 3, contacted: 1, enrolled: 0, givenUp: 0, contactedRate: 1 / 3, enrolledRate: 0 },
  ],
};

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe(LeadFollowUpCard.name, () => {
  it('shows the median per week, newest first, the waiting leads apart, and the funnel per source with rates', async () => {
    answerFetch({
      [`GET ${FIRST_CONTACT_PATH}`]: ok({ timeZone: 'Asia/Shanghai', weeks: weeks([{ isoWeek: '2026-W10', arrived: 4, contacted: 3, medianSeconds: 7200, waiting: 1 }, { isoWeek: '2026-W11', arrived: 3, contacted: 3, medianSeconds: 1200, waiting: 0 }]) }),
      [`GET ${SOURCE_FUNNEL_PATH}`]: ok(FUNNEL),
    });
    renderInAdmin(<LeadFollowUpCard />);

    const firstContact = await screen.findByTestId('first-contact-table', {}, SLOW);
    expect(rowsOf(firstContact).slice(0, 3)).toEqual([
      ['2026-W11', '3', '3', '20 分钟', '0'],
      ['2026-W10', '4', '3', '2 小时', '1'],
      ['W9', '0', '0', '—', '0'],
    ]);
    expect(rowsOf(screen.getByTestId('source-funnel-table'))).toEqual([
      ['wechat', '5', '3', '1', '1', '60%', '20%'],
      ['直接访问', '3', '1', '0', '0', '33.3%', '0%'],
    ]);
    // Each table's explanation follows it and describes it: the card's top holds no long paragraph (ADR 084).
    for (const [table, hint] of [
      [firstContact, /^从报名或咨询到达到首次标记为已联系.*最近 12 周/],
      [screen.getByTestId('source-funnel-table'), /^来源取首次访问的 utm_source/],
    ] as const) {
      expect(table).toHaveAccessibleDescription(hint);
      const description = screen.getByText(hint);
      expect(table.compareDocumentPosition(description) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('says so when no lead arrived in the window', async () => {
    answerFetch({ [`GET ${FIRST_CONTACT_PATH}`]: ok({ timeZone: 'Asia/Shanghai', weeks: weeks([]) }), [`GET ${SOURCE_FUNNEL_PATH}`]: ok({ ...FUNNEL, sources: [] }) });
    renderInAdmin(<LeadFollowUpCard />, { locale: 'en' });
    expect(await screen.findByTestId('lead-follow-up-empty', {}, SLOW)).toHaveTextContent('No new leads in the last 12 weeks');
  });

  it('shows the loading bar, then a failure with a retry that loads the figures', async () => {
    answerFetch({
      [`GET ${FIRST_CONTACT_PATH}`]: [{ status: 500, body: { success: false, code: 'INTERNAL_ERROR', message: '服务器内部错误，请稍后重试' } }, ok({ timeZone: 'Asia/Shanghai', weeks: weeks([{ arrived: 1, contacted: 1, medianSeconds: 3 * 86_400, waiting: 0 }]) })],
      [`GET ${SOURCE_FUNNEL_PATH}`]: ok(FUNNEL),
    });
    const user = userEvent.setup();
    renderInAdmin(<LeadFollowUpCard />);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('线索跟进数据加载失败');
    await user.click(within(alert).getByRole('button', { name: '重试' }));
    const firstContact = await screen.findByTestId('first-contact-table', {}, SLOW);
    expect(rowsOf(firstContact)[0]).toEqual(['W11', '1', '1', '3 天', '0']);
  });
});
