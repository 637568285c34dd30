import '../../test/support/jsdom-setup';
import { SITE_SETTINGS_DEFAULTS, type SiteSettings } from '@aipm/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { SiteSettingsSection } from './SiteSettingsSection';

const SLOW = { timeout: 5000 };
const READ = 'GET /api/admin/site-settings';
const SAVE = 'PUT /api/admin/site-settings';
const HERO = 'GET /api/admin/outcomes-report/hero-figures';
const ok = (data: unknown) => ({ status: 200, body: { success: true, data, updatedAt: null } });
const NOTHING_MEASURED = { status: 200, body: { success: true, data: {} } };

describe(SiteSettingsSection.name, () => {
  it('starts from the stored settings and saves every field, the cohort changed', async () => {
    const next: SiteSettings = { ...SITE_SETTINGS_DEFAULTS, cohortMonth: '2026-03', cohortPart: 'mid', feeMin: 21800 };
    const calls = answerFetch({ [READ]: ok(SITE_SETTINGS_DEFAULTS), [SAVE]: ok(next), [HERO]: NOTHING_MEASURED });
    const user = userEvent.setup();
    renderInAdmin(<SiteSettingsSection />);

    const month = await screen.findByLabelText('开班月份', {}, SLOW);
    expect(month).toHaveValue('2025-09');
    expect(screen.getByRole('radio', { name: '下旬' })).toBeChecked();
    expect(screen.getByTestId('site-settings-preview')).toHaveTextContent('官网将显示：2025 年 9 月下旬开班 · 每期 19,800 – 29,800 元');

    await user.clear(month);
    await user.type(month, '2026-03');
    await user.click(screen.getByRole('radio', { name: '中旬' }));
    const feeMin = screen.getByRole('spinbutton', { name: '最低费用' });
    await user.clear(feeMin);
    await user.type(feeMin, '21800');
    expect(screen.getByTestId('site-settings-preview')).toHaveTextContent('2026 年 3 月中旬开班 · 每期 21,800 – 29,800 元');
    await user.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText('保存成功：网站设置已更新', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.key === SAVE)?.body).toEqual(next);
  });

  it('says what is wrong beside each field before any call, with the API codes\u2019 wording', async () => {
    const calls = answerFetch({ [READ]: ok(SITE_SETTINGS_DEFAULTS), [HERO]: NOTHING_MEASURED });
    const user = userEvent.setup();
    renderInAdmin(<SiteSettingsSection />);

    const feeMax = await screen.findByRole('spinbutton', { name: '最高费用' }, SLOW);
    await user.clear(feeMax);
    await user.type(feeMax, '1000');
    const wechat = screen.getByRole('textbox', { name: '微信号' });
    await user.clear(wechat);
    await user.type(wechat, '9x');
    await user.clear(screen.getByRole('textbox', { name: '地址（中文页面）' }));
    await user.click(screen.getByRole('button', { name: '保存' }));

    expect(screen.getByRole('spinbutton', { name: '最高费用' })).toHaveAccessibleDescription('最高费用不能低于最低费用');
    expect(wechat).toHaveAccessibleDescription('微信号为6到20位字母、数字、下划线或减号，以字母开头');
    expect(screen.getByRole('textbox', { name: '地址（中文页面）' })).toHaveAccessibleDescription('联系信息不能为空');
    expect(calls.some((call) => call.key === SAVE)).toBe(false);

    // 填入默认值 puts the defaults back in the form (saved only with 保存).
    await user.click(screen.getByRole('button', { name: '填入默认值' }));
    expect(screen.getByRole('spinbutton', { name: '最高费用' })).toHaveValue(29800);
    expect(screen.getByRole('textbox', { name: '微信号' })).toHaveValue('aipm-bootcamp');
  });

  it('shows the API\u2019s refusal beside its field', async () => {
    answerFetch({
      [READ]: ok(SITE_SETTINGS_DEFAULTS),
      [HERO]: NOTHING_MEASURED,
      [SAVE]: { status: 400, body: { success: false, code: 'INVALID_SALES_PHONE', message: '…', errors: { salesPhone: '…' }, fieldCodes: { salesPhone: 'INVALID_SALES_PHONE' } } },
    });
    const user = userEvent.setup();
    renderInAdmin(<SiteSettingsSection />);
    await user.click(await screen.findByRole('button', { name: '保存' }, SLOW));
    expect(await screen.findByRole('textbox', { name: '销售电话' }, SLOW)).toHaveAccessibleDescription(/请输入有效的销售电话/);
  });

  it('takes a hero figure from the outcomes report, showing what the report measures today', async () => {
    const measured = { completion: { percent: 91, cohort: '2026年3月期', lastDay: '2026-04-05', asOf: '2026-11-29' } };
    const next: SiteSettings = { ...SITE_SETTINGS_DEFAULTS, heroCompletionSource: 'report' };
    const calls = answerFetch({ [READ]: ok(SITE_SETTINGS_DEFAULTS), [SAVE]: ok(next), [HERO]: { status: 200, body: { success: true, data: measured } } });
    const user = userEvent.setup();
    renderInAdmin(<SiteSettingsSection />);

    const completion = await screen.findByRole('radiogroup', { name: '结业率' }, SLOW);
    expect(await screen.findByText('就业报告当前：91%（2026年3月期，2026年4月5日结业）', {}, SLOW)).toBeInTheDocument();
    expect(completion).toHaveAccessibleDescription('就业报告当前：91%（2026年3月期，2026年4月5日结业）');
    expect(screen.getByRole('radiogroup', { name: '累计学员' })).toHaveAccessibleDescription('就业报告暂无学员：选择实测后官网仍显示固定文案');
    expect(screen.getByRole('radio', { name: '固定文案（95%）' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: '就业报告实测（最近结业的一期）' }));
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('保存成功：网站设置已更新', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.key === SAVE)?.body).toEqual(next);
  });
});
