import '../../test/support/jsdom-setup';
import { PHONE_PATHS } from '@aipm/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { DailySummaryCard } from './DailySummaryCard';

const SLOW = { timeout: 5000 };
const DEFAULTS = { enabled: false, time: '09:00', ttsCode: '' };

describe(DailySummaryCard.name, () => {
  it('shows the setting off at 09:00, and saves it switched on with its template code', async () => {
    const saved = { enabled: true, time: '09:00', ttsCode: 'TTS_300000002' };
    const calls = answerFetch({
      [`GET ${PHONE_PATHS.dailySummary}`]: { status: 200, body: { success: true, data: DEFAULTS } },
      [`PUT ${PHONE_PATHS.dailySummary}`]: { status: 200, body: { success: true, data: saved } },
    });
    const user = userEvent.setup();
    renderInAdmin(<DailySummaryCard />);

    const toggle = await screen.findByRole('switch', { name: '开启每日汇总电话' }, SLOW).catch(() => screen.findByRole('checkbox', { name: '开启每日汇总电话' }, SLOW));
    expect(toggle).not.toBeChecked();
    expect(screen.getByLabelText(/拨打时间/)).toHaveValue('09:00');
    await user.click(toggle);
    await user.type(screen.getByLabelText(/汇总语音模板代码/), 'TTS_300000002');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('每日汇总设置已保存', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.key === `PUT ${PHONE_PATHS.dailySummary}`)?.body).toEqual(saved);
  });

  it('shows the API’s refusal in words', async () => {
    answerFetch({
      [`GET ${PHONE_PATHS.dailySummary}`]: { status: 200, body: { success: true, data: DEFAULTS } },
      [`PUT ${PHONE_PATHS.dailySummary}`]: {
        status: 400,
        body: { success: false, code: 'PHONE_SUMMARY_TTS_CODE_INVALID', message: '请填写有效的阿里云语音模板代码（如 TTS_123456）', fieldCodes: { ttsCode: 'PHONE_SUMMARY_TTS_CODE_INVALID' } },
      },
    });
    const user = userEvent.setup();
    renderInAdmin(<DailySummaryCard />);

    await user.type(await screen.findByLabelText(/汇总语音模板代码/, {}, SLOW), 'TTS_1');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请填写有效的阿里云语音模板代码（如 TTS_123456）', {}, SLOW)).toBeInTheDocument();
  });
});
