import '../../test/support/jsdom-setup';
import { PHONE_PATHS } from '@aipm/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { CrawlerCheckCard } from './CrawlerCheckCard';

const SLOW = { timeout: 5000 };
const DEFAULTS = { enabled: false, ttsCode: '' };

describe(CrawlerCheckCard.name, () => {
  it('shows the setting off with the template to register, and saves it switched on with its code, by keyboard alone', async () => {
    const saved = { enabled: true, ttsCode: 'TTS_300000003' };
    const calls = answerFetch({
      [`GET ${PHONE_PATHS.crawlerCheck}`]: { status: 200, body: { success: true, data: DEFAULTS } },
      [`PUT ${PHONE_PATHS.crawlerCheck}`]: { status: 200, body: { success: true, data: saved } },
    });
    const user = userEvent.setup();
    renderInAdmin(<CrawlerCheckCard />);

    expect(await screen.findByRole('heading', { name: '爬虫验证来电' }, SLOW)).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', { name: '开启爬虫验证来电' }, SLOW).catch(() => screen.findByRole('checkbox', { name: '开启爬虫验证来电' }, SLOW));
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/爬虫任务在\$\{site\}遇到验证，正在等待处理，请在\$\{minutes\}分钟内打开后台的实时画面。/)).toBeInTheDocument();

    // Tab to the switch, Space turns it on, Tab to the code, type it, Enter saves.
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toBeChecked();
    await user.tab();
    expect(screen.getByLabelText(/爬虫验证语音模板代码/)).toHaveFocus();
    await user.keyboard('TTS_300000003{Enter}');
    expect(await screen.findByText('爬虫验证来电设置已保存', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.key === `PUT ${PHONE_PATHS.crawlerCheck}`)?.body).toEqual(saved);
  });

  it('shows the API’s refusal in words', async () => {
    answerFetch({
      [`GET ${PHONE_PATHS.crawlerCheck}`]: { status: 200, body: { success: true, data: DEFAULTS } },
      [`PUT ${PHONE_PATHS.crawlerCheck}`]: {
        status: 400,
        body: { success: false, code: 'PHONE_CRAWLER_CHECK_TTS_CODE_INVALID', message: '请填写有效的爬虫验证语音模板代码（如 TTS_123456）', fieldCodes: { ttsCode: 'PHONE_CRAWLER_CHECK_TTS_CODE_INVALID' } },
      },
    });
    const user = userEvent.setup();
    renderInAdmin(<CrawlerCheckCard />);

    await user.type(await screen.findByLabelText(/爬虫验证语音模板代码/, {}, SLOW), 'TTS_1');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请填写有效的爬虫验证语音模板代码（如 TTS_123456）', {}, SLOW)).toBeInTheDocument();
  });
});
