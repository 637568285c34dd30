import '../../test/support/jsdom-setup';
import { type BackupRunResponse, type BackupStatusResponse } from '@aipm/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerFetch, renderInAdmin } from '../../test/support/renderInAdmin';
import { BackupCard } from './BackupCard';

const SLOW = { timeout: 5000 };
const STATUS = 'GET /api/admin/backups';
const START = 'POST /api/admin/backups';
const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });

const good: BackupRunResponse = {
  id: 'r1',
  trigger: 'schedule',
  status: 'succeeded',
  startedAt: '2026-11-26T19:00:00.000Z',
  finishedAt: '2026-11-26T19:00:27.000Z',
  name: 'aipm-backup-20261127-030000.tar',
  location: '/srv/aipm/.data/backups/aipm-backup-20261127-030000.tar',
  sizeBytes: 1_088_400_000,
  tables: 30,
  rows: 100_512,
  files: 128,
  fileBytes: 1_073_700_000,
  error: null,
};
const failed: BackupRunResponse = { ...good, id: 'r2', trigger: 'manual', status: 'failed', finishedAt: '2026-11-28T08:15:00.000Z', name: null, location: null, sizeBytes: null, error: 'pg_dump failed (exit 1): connection refused' };

describe(BackupCard.name, () => {
  it('warns that there is no good backup yet, and starts one now', async () => {
    const empty: BackupStatusResponse = { runs: [], lastSuccess: null, stale: true, running: false, schedule: '0 3 * * *' };
    const calls = answerFetch({ [STATUS]: [ok(empty), ok({ ...empty, running: true })], [START]: { status: 202, body: { success: true, message: '备份已开始' } } });
    const user = userEvent.setup();
    renderInAdmin(<BackupCard />);

    expect(await screen.findByText('还没有成功的备份', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('每天按计划 0 3 * * *（北京时间）自动备份')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '立即备份' }));
    expect(await screen.findByText('备份已开始，完成后这里会自动更新', {}, SLOW)).toBeInTheDocument();
    expect(calls.filter((call) => call.key === START)).toHaveLength(1);
    // Under way: said, and the button waits for the end.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('备份进行中…'), SLOW);
    expect(screen.getByRole('button', { name: '立即备份' })).toBeDisabled();
  });

  it('shows the last good backup’s time, size, contents and place, and warns when it is old or the last run failed', async () => {
    answerFetch({ [STATUS]: ok({ runs: [failed, good], lastSuccess: good, stale: true, running: false, schedule: '0 3 * * *' } satisfies BackupStatusResponse) });
    renderInAdmin(<BackupCard />);

    expect(await screen.findByText('最近一次成功备份在 2026年11月27日 03:00，已超过 36 小时', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('最近一次备份失败（2026年11月28日 16:15）：pg_dump failed (exit 1): connection refused')).toBeInTheDocument();
    expect(screen.getByTestId('backup-time')).toHaveTextContent('2026年11月27日 03:00');
    expect(screen.getByTestId('backup-size')).toHaveTextContent('1.1 GB');
    expect(screen.getByTestId('backup-contents')).toHaveTextContent('30 张表 · 100512 行 · 128 个文件（1.1 GB）');
    expect(screen.getByTestId('backup-trigger')).toHaveTextContent('每日自动');
    expect(screen.getByTestId('backup-location')).toHaveTextContent('/srv/aipm/.data/backups/aipm-backup-20261127-030000.tar');
  });

  it('says why the API refused 立即备份', async () => {
    answerFetch({
      [STATUS]: ok({ runs: [good], lastSuccess: good, stale: false, running: false, schedule: null } satisfies BackupStatusResponse),
      [START]: { status: 409, body: { success: false, code: 'BACKUP_ALREADY_RUNNING', message: '备份正在进行，请等它完成后再开始' } },
    });
    const user = userEvent.setup();
    renderInAdmin(<BackupCard />);
    expect(await screen.findByText('工作进程尚未登记备份计划', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '立即备份' }));
    expect(await screen.findByText('无法开始备份：备份正在进行，请等它完成后再开始', {}, SLOW)).toBeInTheDocument();
  });
});
