import '../../test/support/jsdom-setup';
import { DUPLICATES_PATH, type DuplicateGroup, LEAD_MERGES_PATH, leadMergeUndoPath } from '@aipm/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { DuplicatesPage } from './DuplicatesPage';

const SLOW = { timeout: 5000 };
const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });
const FIRST = '3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12';
const SECOND = '5c4b3a29-1807-4f6e-9d5c-4b3a29180716';
const MERGE = '0b5e9f0a-3f1c-4d7e-8a2b-6c9d0e1f2a3b';

const record = { phone: '137****0001', major: '软件工程', goals: null, note: null, status: 'new' as const, source: null, consented: true };
const GROUP: DuplicateGroup = {
  reasons: ['phone', 'email'],
  records: [
    { ...record, resource: 'registrations', id: FIRST, name: '周九', email: 'zhou9@example.com', school: '湖南大学', source: { utm_source: 'wechat' }, createdAt: '2026-11-20T02:00:00.000Z' },
    { ...record, resource: 'registrations', id: SECOND, name: '周 九', email: 'zhou9@example.com', school: '中南大学', note: '想周末试听', createdAt: '2026-11-27T02:00:00.000Z' },
  ],
};
const SUMMARY = { id: MERGE, survivor: { resource: 'registrations', id: FIRST }, merged: { resource: 'registrations', id: SECOND }, createdAt: '2026-11-29T02:00:00.000Z', undoneAt: null };

const renderDuplicates = (locale?: 'zh' | 'en') =>
  renderInAdmin(
    <Routes>
      <Route path="/people/duplicates" element={<DuplicatesPage />} />
    </Routes>,
    { at: '/people/duplicates', locale },
  );

describe(DuplicatesPage.name, () => {
  it('shows a group side by side with why it matched, phones masked, and merges with the values chosen, then undoes', async () => {
    const calls = answerFetch({
      [`GET ${DUPLICATES_PATH}`]: [ok([GROUP]), ok([]), ok([GROUP])],
      [`POST ${LEAD_MERGES_PATH}`]: ok(SUMMARY, 201),
      [`POST ${leadMergeUndoPath(MERGE)}`]: ok({ ...SUMMARY, undoneAt: '2026-11-29T02:01:00.000Z' }),
    });
    renderDuplicates();

    const group = await screen.findByRole('region', { name: '第 1 组逐项对比' }, SLOW);
    expect(screen.getByText('同一手机号')).toBeInTheDocument();
    expect(screen.getByText('同一邮箱')).toBeInTheDocument();
    expect(within(group).getAllByText('137****0001')).toHaveLength(2);
    // The oldest is kept, the next merged into it; the school and note differ, so each can be taken.
    expect(within(group).getByRole('radio', { name: '保留这条: 记录 1' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: '合并进来: 记录 2' })).toBeChecked();
    expect(within(group).queryByRole('radio', { name: '采用记录 2的姓名' })).toBeInTheDocument();
    fireEvent.click(within(group).getByRole('radio', { name: '采用记录 2的学校' }));
    fireEvent.click(screen.getByRole('button', { name: '合并' }));

    expect(await screen.findByText('已合并。被合并的记录已从列表中隐藏。', {}, SLOW)).toBeInTheDocument();
    expect(calls.find((call) => call.key === `POST ${LEAD_MERGES_PATH}`)?.body).toEqual({
      survivorResource: 'registrations',
      survivorId: FIRST,
      mergedResource: 'registrations',
      mergedId: SECOND,
      fields: ['school'],
    });
    expect(await screen.findByText('暂无疑似重复的记录', {}, SLOW)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '撤销合并' }));
    expect(await screen.findByText('已撤销合并，两条记录已恢复原样', {}, SLOW)).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toContain(`POST ${leadMergeUndoPath(MERGE)}`);
  });

  it('refuses to merge a record into itself before asking, and says in English why a merge failed', async () => {
    answerFetch({
      [`GET ${DUPLICATES_PATH}`]: ok([GROUP]),
      [`POST ${LEAD_MERGES_PATH}`]: { status: 409, body: { success: false, code: 'LEAD_ALREADY_MERGED', message: '这条记录已合并到另一条记录，请先撤销那次合并' } },
    });
    renderDuplicates('en');
    const group = await screen.findByRole('region', { name: 'Group 1, side by side' }, SLOW);
    fireEvent.click(within(group).getByRole('radio', { name: 'Merge into it: Record 1' }));
    expect(screen.getByText('Choose two different records')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Merge' })).toBeDisabled();

    fireEvent.click(within(group).getByRole('radio', { name: 'Merge into it: Record 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText(/^The merge failed: This record is already merged into another/, {}, SLOW)).toBeInTheDocument();
  });
});
