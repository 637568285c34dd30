import '../../test/support/jsdom-setup';
import { defaultLandingContent, type LandingContent } from '@aipm/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { LandingContentSection } from './LandingContentSection';

const SLOW = { timeout: 10000 };
const DRAFT = 'GET /api/admin/landing-content/draft';
const SAVE = 'PUT /api/admin/landing-content/draft';
const PUBLISH = 'POST /api/admin/landing-content/publish';
const HISTORY = 'GET /api/admin/landing-content/publications';
const RESTORE = 'POST /api/admin/landing-content/publications/1/restore';
const UPLOAD = 'POST /api/admin/landing-content/images';
const STORED = `${'a'.repeat(64)}.png`;
const content = (): LandingContent => defaultLandingContent('2027-03-15', '2026-11-29');
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const PUBLICATIONS = [
  { id: 2, publishedAt: '2026-11-29T08:00:00.000Z', publishedBy: 'admin@example.com', restoredFrom: null },
  { id: 1, publishedAt: '2026-11-28T08:00:00.000Z', publishedBy: null, restoredFrom: null },
];

describe(LandingContentSection.name, () => {
  beforeEach(() => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
  });
  afterEach(() => jest.restoreAllMocks());

  it('edits a FAQ answer in zh and en side by side, with its count and limit, saves the draft and publishes it', async () => {
    const calls = answerFetch({
      [DRAFT]: ok({ content: content(), savedAt: null, unpublished: false }),
      [SAVE]: ok({ content: content(), savedAt: '2026-11-29T09:00:00.000Z', unpublished: true }),
      [PUBLISH]: ok({ id: 3, publishedAt: '2026-11-29T09:01:00.000Z', publishedBy: 'admin@example.com', restoredFrom: null }),
      [HISTORY]: ok(PUBLICATIONS),
    });
    const user = userEvent.setup();
    renderInAdmin(<LandingContentSection />);

    await user.click(await screen.findByRole('button', { name: '常见问题' }, SLOW));
    const faq = screen.getByRole('region', { name: '常见问题' });
    const zh = within(faq).getAllByRole('textbox', { name: '问题 · 中文' })[0]!;
    const en = within(faq).getAllByRole('textbox', { name: '问题 · English' })[0]!;
    expect(zh).toHaveValue('没有技术背景可以参加吗？');
    expect(en).toHaveValue('Can I join without a technical background?');
    // Typed as one change each: a character at a time adds nothing the count does not show.
    fireEvent.change(zh, { target: { value: '零基础可以报名吗？' } });
    expect(zh).toHaveAccessibleDescription('9 / 60');
    fireEvent.change(en, { target: { value: 'Can a beginner join?' } });
    await user.click(screen.getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText('草稿已保存', {}, SLOW)).toBeInTheDocument();
    const saved = calls.find((call) => call.key === SAVE)?.body as LandingContent;
    expect(saved.faq.items[0]!.question).toEqual({ zh: '零基础可以报名吗？', en: 'Can a beginner join?' });

    await user.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('已发布', {}, SLOW)).toBeInTheDocument();
    expect(calls.some((call) => call.key === PUBLISH)).toBe(true);
  });

  it('says what breaks a rule beside the field before any call, and keeps save and publish off until it is fixed', async () => {
    const calls = answerFetch({ [DRAFT]: ok({ content: content(), savedAt: null, unpublished: false }), [HISTORY]: ok(PUBLICATIONS) });
    const user = userEvent.setup();
    renderInAdmin(<LandingContentSection />);

    await user.click(await screen.findByRole('button', { name: '首屏' }, SLOW));
    const hero = screen.getByRole('region', { name: '首屏' });
    const title = within(hero).getByRole('textbox', { name: '标题 · English' });
    fireEvent.change(title, { target: { value: '' } });
    expect(title).toHaveAccessibleDescription('不能为空');
    expect(screen.getByRole('status')).toHaveTextContent('有 1 处内容不符合要求');
    // The block says so when closed too.
    expect(screen.getByRole('button', { name: /首屏/ })).toHaveTextContent('有 1 处内容不符合要求');
    expect(screen.getByRole('button', { name: '保存草稿' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '发布' })).toBeDisabled();
    expect(calls.some((call) => call.key === SAVE)).toBe(false);
  });

  it('gives a promotion option an end date, and lists the publications with a restore of an earlier one', async () => {
    const calls = answerFetch({
      [DRAFT]: ok({ content: content(), savedAt: null, unpublished: false }),
      [HISTORY]: ok(PUBLICATIONS),
      [RESTORE]: ok({ id: 3, publishedAt: '2026-11-29T09:01:00.000Z', publishedBy: 'admin@example.com', restoredFrom: 1 }),
    });
    const user = userEvent.setup();
    renderInAdmin(<LandingContentSection />);

    await user.click(await screen.findByRole('button', { name: '价格方案' }, SLOW));
    const ends = screen.getAllByLabelText('结束日期');
    expect(ends[0]).toHaveValue('2027-02-08');
    expect(ends.at(-1)).toHaveValue('');
    expect(ends.at(-1)).toHaveAccessibleDescription('长期有效');

    const history = (await screen.findByRole('heading', { name: '发布历史' }, SLOW)).parentElement!;
    expect(await within(history).findByText(/^#2 · .* · admin@example.com$/, {}, SLOW)).toBeInTheDocument();
    expect(within(history).getByText(/^#1 · .* · 初始内容$/)).toBeInTheDocument();
    // The live one has nothing to restore.
    expect(within(history).getAllByRole('button', { name: '恢复' })).toHaveLength(1);
    await user.click(within(history).getByRole('button', { name: '恢复' }));
    expect(await screen.findByText('已恢复该版本并发布', {}, SLOW)).toBeInTheDocument();
    expect(calls.some((call) => call.key === RESTORE)).toBe(true);
  });

  it("uploads an instructor's photo, shows the draft's image from the administrator's address, and asks for its alt text in both languages", async () => {
    const calls = answerFetch({
      [DRAFT]: ok({ content: content(), savedAt: null, unpublished: false }),
      [HISTORY]: ok(PUBLICATIONS),
      [UPLOAD]: ok({ file: STORED, type: 'png', size: 2048 }),
      [SAVE]: ok({ content: content(), savedAt: '2026-11-29T09:00:00.000Z', unpublished: true }),
    });
    const user = userEvent.setup();
    renderInAdmin(<LandingContentSection />);

    await user.click(await screen.findByRole('button', { name: '师资团队' }, SLOW));
    const team = screen.getByRole('region', { name: '师资团队' });
    const pickers = within(team).getAllByLabelText('照片（不上传则显示姓氏） · 上传图片');
    expect(pickers).toHaveLength(10);
    expect(pickers[0]).toHaveAttribute('accept', expect.stringContaining('image/webp'));

    // Over the limit: said at once, nothing sent.
    await user.upload(pickers[0]!, new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('图片不能超过1MB', {}, SLOW)).toBeInTheDocument();
    expect(calls.some((call) => call.key === UPLOAD)).toBe(false);

    await user.upload(pickers[0]!, new File([new Uint8Array(2048)], 'zhang.png', { type: 'image/png' }));
    const preview = await within(team).findByRole('img', { name: '照片（不上传则显示姓氏）（草稿预览）' }, SLOW);
    expect(preview).toHaveAttribute('src', `/api/admin/landing-content/images/${STORED}`);
    const sent = calls.find((call) => call.key === UPLOAD)!.body as FormData;
    expect((sent.get('file') as File).name).toBe('zhang.png');
    // The photo needs its alt text before the draft can be saved.
    expect(screen.getByRole('button', { name: '保存草稿' })).toBeDisabled();
    fireEvent.change(within(team).getByRole('textbox', { name: '替代文字 · 中文' }), { target: { value: '张老师' } });
    fireEvent.change(within(team).getByRole('textbox', { name: '替代文字 · English' }), { target: { value: 'Teacher Zhang' } });
    await user.click(screen.getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText('草稿已保存', {}, SLOW)).toBeInTheDocument();
    const saved = calls.find((call) => call.key === SAVE)!.body as LandingContent;
    expect(saved.instructors.core[0]!.photo).toEqual({ file: STORED, alt: { zh: '张老师', en: 'Teacher Zhang' } });
    expect(saved.instructors.core[1]!.photo).toBeUndefined();
  });
});
