import '../../test/support/jsdom-setup';
import { LEAD_IMPORTS_PATH, type LeadImportBatchResponse, type LeadImportPlanResponse, type LeadImportPreviewResponse } from '@aipm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInAdmin } from '../../test/support/renderInAdmin';
import { LeadImportDialog } from './LeadImportDialog';

const SLOW = { timeout: 5000 };
const PREVIEW: LeadImportPreviewResponse = {
  fileName: '展会名单.csv',
  format: 'csv',
  headers: ['姓名', '电话', '备注'],
  rowCount: 3,
  suggestedMapping: { name: '姓名', phone: '电话', note: '备注' },
  rows: [{ 姓名: '张三', 电话: '13800138000', 备注: '展会' }],
};
const PLAN: LeadImportPlanResponse = {
  rowCount: 3,
  created: 1,
  merged: 1,
  skipped: 1,
  skippedByReason: { phone_invalid: 1 },
  skippedRows: [{ line: 4, reason: 'phone_invalid' }],
  createdRows: [{ line: 2, name: '张三', phone: '138****8000' }],
  mergedRows: [{ line: 3, name: '李四', phone: '139****9000', leadId: 'lead-1' }],
};
const BATCH: LeadImportBatchResponse = {
  id: 'batch-1',
  fileName: '展会名单.csv',
  rowCount: 3,
  created: 1,
  merged: 1,
  skipped: 1,
  skippedByReason: { phone_invalid: 1 },
  importedBy: 'admin@example.com',
  createdAt: '2026-11-29T08:00:00.000Z',
  undoneAt: null,
  undoneBy: null,
};

/** The API's answers by "METHOD path", and what each multipart call sent (its fields, the file by name). */
function answerImports(answers: Record<string, unknown[]>) {
  const calls: Array<{ key: string; fields: Record<string, string> }> = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const fields: Record<string, string> = {};
    if (init?.body instanceof FormData) for (const [name, value] of init.body.entries()) fields[name] = typeof value === 'string' ? value : (value as File).name;
    calls.push({ key, fields });
    const queue = answers[key];
    if (!queue?.length) throw new TypeError(`unexpected fetch ${key}`);
    const data = queue.length > 1 ? queue.shift() : queue[0];
    const text = JSON.stringify({ success: true, data });
    return { ok: true, status: 200, statusText: '', headers: new Headers(), text: async () => text } as Response;
  }) as typeof fetch;
  return calls;
}

describe(LeadImportDialog.name, () => {
  it('goes from the file to the suggested mapping, the dry run and the import, then undoes the batch', async () => {
    const calls = answerImports({
      [`GET ${LEAD_IMPORTS_PATH}`]: [[], [BATCH], [{ ...BATCH, undoneAt: '2026-11-29T08:05:00.000Z', undoneBy: 'admin@example.com' }]],
      [`POST ${LEAD_IMPORTS_PATH}/preview`]: [PREVIEW],
      [`POST ${LEAD_IMPORTS_PATH}/dry-run`]: [PLAN],
      [`POST ${LEAD_IMPORTS_PATH}`]: [BATCH],
      [`POST ${LEAD_IMPORTS_PATH}/batch-1/undo`]: [{ ...BATCH, undoneAt: '2026-11-29T08:05:00.000Z', undoneBy: 'admin@example.com' }],
    });
    const user = userEvent.setup();
    renderInAdmin(<LeadImportDialog onClose={() => {}} />);

    const dialog = await screen.findByRole('dialog', { name: '导入报名信息' }, SLOW);
    expect(await within(dialog).findByText('暂无导入记录', {}, SLOW)).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('选择文件'), new File(['姓名,电话\n张三,13800138000'], '展会名单.csv', { type: 'text/csv' }));

    expect(await within(dialog).findByText('展会名单.csv：3 行数据', {}, SLOW)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /手机号/ })).toHaveTextContent('电话');
    expect(within(dialog).getByRole('region', { name: /文件前/ })).toHaveTextContent('13800138000');
    await user.click(within(dialog).getByRole('button', { name: '预检' }));

    expect(await within(dialog).findByText('将新建 1', {}, SLOW)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('将合并 1');
    expect(dialog).toHaveTextContent('手机号无效: 1');
    expect(dialog).toHaveTextContent('第 4 行');
    expect(calls.find((call) => call.key.endsWith('/dry-run'))!.fields).toEqual({ mapping: JSON.stringify(PREVIEW.suggestedMapping), file: '展会名单.csv' });
    await user.click(within(dialog).getByRole('button', { name: '确认导入' }));

    expect(await within(dialog).findByText('新建 1，合并 1，跳过 1', {}, SLOW)).toBeInTheDocument();
    const summary = within(dialog).getByText('导入完成').closest('[role="status"]') as HTMLElement;
    await user.click(within(summary).getByRole('button', { name: '撤销导入' }));
    await user.click(within(dialog).getByRole('button', { name: '确定撤销' }));

    await waitFor(() => expect(calls.some((call) => call.key === `POST ${LEAD_IMPORTS_PATH}/batch-1/undo`)).toBe(true), SLOW);
    expect(await within(dialog).findByText('已撤销', {}, SLOW)).toBeInTheDocument();
  });

  it('asks for the phone column before the dry run', async () => {
    answerImports({ [`GET ${LEAD_IMPORTS_PATH}`]: [[]], [`POST ${LEAD_IMPORTS_PATH}/preview`]: [{ ...PREVIEW, suggestedMapping: { name: '姓名' } }] });
    const user = userEvent.setup();
    renderInAdmin(<LeadImportDialog onClose={() => {}} />, { locale: 'en' });
    const dialog = await screen.findByRole('dialog', { name: 'Import registrations' }, SLOW);
    await user.upload(within(dialog).getByLabelText('Choose a file'), new File(['x'], 'a.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('Choose the column that holds the phone number', {}, SLOW)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Dry run' })).toBeDisabled();
  });
});
