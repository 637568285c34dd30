import '../../test/support/jsdom-setup';
import { DEFAULT_LEAD_STATUS_REASONS, LEAD_SETTINGS_PATH, type LeadSettings } from '@aipm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { LeadSettingsCard } from './LeadSettingsCard';

const SLOW = { timeout: 5000 };
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const STORED: LeadSettings = { statusReasons: [...DEFAULT_LEAD_STATUS_REASONS.slice(0, 3), { code: 'old_reason', zh: '旧原因', en: 'Old reason', retired: true }] };

describe(LeadSettingsCard.name, () => {
  it('edits the offered reasons (a stored code fixed), adds one, removes one and saves the list in order', async () => {
    const [unreachable, wrongNumber, duplicate] = DEFAULT_LEAD_STATUS_REASONS;
    const saved: LeadSettings = { statusReasons: [unreachable!, { ...duplicate!, zh: '重复提交' }, { code: 'no_show', zh: '试听未到', en: 'Missed the trial' }, { ...wrongNumber!, retired: true }] };
    const calls = answerFetch({ [`GET ${LEAD_SETTINGS_PATH}`]: ok(STORED), [`PUT ${LEAD_SETTINGS_PATH}`]: ok(saved) });
    const user = userEvent.setup();
    renderInAdmin(<LeadSettingsCard />);

    const card = await screen.findByTestId('lead-settings', {}, SLOW);
    await within(card).findAllByTestId('lead-reason-row', {}, SLOW);
    expect(card).toHaveTextContent('已移除的原因：旧原因');
    const codes = within(card).getAllByRole('textbox', { name: '编号' });
    expect(codes.map((input) => (input as HTMLInputElement).value)).toEqual(['unreachable', 'wrong_number', 'duplicate']);
    expect(codes.every((input) => (input as HTMLInputElement).disabled)).toBe(true);

    await user.click(within(card).getByRole('button', { name: '移除 号码错误' }));
    const chinese = within(card).getAllByRole('textbox', { name: '中文名称' });
    await user.clear(chinese[1]!);
    await user.type(chinese[1]!, '重复提交');
    await user.click(within(card).getByRole('button', { name: '添加原因' }));
    const rows = within(card).getAllByTestId('lead-reason-row');
    await user.type(within(rows[2]!).getByRole('textbox', { name: '编号' }), 'no_show');
    await user.type(within(rows[2]!).getByRole('textbox', { name: '中文名称' }), '试听未到');
    await user.type(within(rows[2]!).getByRole('textbox', { name: '英文名称' }), 'Missed the trial');
    await user.click(within(card).getByRole('button', { name: '保存原因列表' }));

    await waitFor(() => expect(calls.some((call) => call.key.startsWith('PUT'))).toBe(true), SLOW);
    expect(calls.find((call) => call.key.startsWith('PUT'))!.body).toEqual({
      statusReasons: [
        { code: 'unreachable', zh: '联系不上', en: 'Could not be reached' },
        { code: 'duplicate', zh: '重复提交', en: 'Duplicate sign-up' },
        { code: 'no_show', zh: '试听未到', en: 'Missed the trial' },
      ],
    });
    expect(await screen.findByText('原因列表已保存', {}, SLOW)).toBeInTheDocument();
    expect(card).toHaveTextContent('已移除的原因：号码错误');
  });

  it('shows a refused list by its code in the page language', async () => {
    answerFetch({
      [`GET ${LEAD_SETTINGS_PATH}`]: ok(STORED),
      [`PUT ${LEAD_SETTINGS_PATH}`]: { status: 400, body: { success: false, code: 'DUPLICATE_LEAD_STATUS_REASON', message: '原因编号不能重复', errors: { statusReasons: '原因编号不能重复' }, fieldCodes: { statusReasons: 'DUPLICATE_LEAD_STATUS_REASON' } } },
    });
    const user = userEvent.setup();
    renderInAdmin(<LeadSettingsCard />, { locale: 'en' });
    await screen.findAllByTestId('lead-reason-row', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Save the reasons' }));
    expect(await screen.findByText('Save failed: Each reason code can be used once', {}, SLOW)).toBeInTheDocument();
  });
});
