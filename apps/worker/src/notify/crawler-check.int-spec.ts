import 'reflect-metadata';
import { CRAWLER_CHECK_CALL_SETTINGS_KEYS, type CrawlRunStatistics, newRunStatistics } from '@aipm/contracts';
import { CALL_DETAIL_JOB_NAME, CRAWLER_CHECK_JOB_NAME, type CrawlerCheckJobData, crawlerCheckJobId, enqueueCrawlerCheckCall } from '@aipm/queue';
import type { DataSource } from 'typeorm';
import { FAKE_ALIYUN, FAKE_TWILIO } from '../../../../tools/testing/fake-phone-providers';
import { finishedJob, SALES, saveConfig, standInPhoneSettings, useCallerSuite, useNotifyWorkerSuite } from '../../test/support/notify-suites';
import { voiceClients } from './call-route';
import { CrawlerCheckCaller } from './crawler-check.caller';
import { CrawlerCheckRepository } from './crawler-check.repository';
import { LeadNotificationRepository } from './lead-notification.repository';
import { NotifyWorkerService } from './notify-worker.service';

// 2026-11-24 12:00 in Asia/Shanghai: outside the quiet hours 21:00-09:00.
const NOON = new Date('2026-11-24T04:00:00Z');
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);
const NINE = new Date('2026-11-24T01:00:00Z');

const setting = (sql: DataSource, values: Partial<Record<keyof typeof CRAWLER_CHECK_CALL_SETTINGS_KEYS, string>>) => saveConfig(sql, CRAWLER_CHECK_CALL_SETTINGS_KEYS, values);
const turnOn = (sql: DataSource) => setting(sql, { enabled: 'true', ttsCode: FAKE_ALIYUN.crawlerCheckTtsCode });

/** A running task whose run (`jobId`) has zhipin waiting from `since` to `until`, stored as the crawl stores it (ADR 078). */
async function waitingTask(sql: DataSource, since: Date, until: Date, jobId = '41'): Promise<CrawlerCheckJobData> {
  const stats: CrawlRunStatistics = {
    ...newRunStatistics(jobId, 1, since.toISOString()),
    humanChecks: { zhipin: { reason: 'captcha', viewId: '00000000-0000-4000-8000-000000000001', url: 'https://www.zhipin.com/web/geek/job?page=3', pageNumber: 3, since: since.toISOString(), until: until.toISOString() } },
  };
  const [{ id }] = await sql.query(`INSERT INTO crawl_tasks (name, status, "lastRunStats") VALUES ('等待验证', 'running', $1) RETURNING id`, [JSON.stringify(stats)]);
  return { taskId: id, jobId, site: 'zhipin', reason: 'captcha', since: since.toISOString(), until: until.toISOString() };
}

describe(CrawlerCheckCaller.name, () => {
  const suite = useCallerSuite();
  let now: Date;

  const caller = () => {
    const settings = standInPhoneSettings(suite, { PHONE_QUIET_HOURS: '21:00-09:00' });
    return new CrawlerCheckCaller(new CrawlerCheckRepository(suite.sql), new LeadNotificationRepository(suite.sql), settings, voiceClients(settings, 2_000), () => now);
  };
  const log = () => suite.sql.query(`SELECT provider, status, trigger, "calledNumber", "leadCount" FROM notification_calls ORDER BY "createdAt", "finishedAt"`);

  beforeEach(async () => {
    now = NOON;
    suite.aliyun.reset();
    suite.twilio.reset();
    await suite.sql.query(`TRUNCATE notification_calls, crawl_tasks, admin_config CASCADE`);
  });

  it('calls nobody while the setting is off (the default), though a site waits', async () => {
    const wait = await waitingTask(suite.sql, NOON, at(NOON, 30));
    await expect(caller().call(wait)).resolves.toEqual({ called: false, reason: 'off' });
    await setting(suite.sql, { enabled: 'false', ttsCode: FAKE_ALIYUN.crawlerCheckTtsCode });
    await expect(caller().call(wait)).resolves.toEqual({ called: false, reason: 'off' });
    expect(suite.aliyun.calls).toHaveLength(0);
    expect(suite.twilio.calls).toHaveLength(0);
    expect(await log()).toEqual([]);
  });

  it('when on, calls once through the primary with its own template, naming the site and the minutes left', async () => {
    await turnOn(suite.sql);
    const wait = await waitingTask(suite.sql, NOON, at(NOON, 30));
    now = at(NOON, 0.25);
    await expect(caller().call(wait)).resolves.toMatchObject({ called: true, provider: 'aliyun', minutes: 29 });
    expect(suite.aliyun.calls).toHaveLength(1);
    expect(suite.aliyun.calls[0]).toMatchObject({ calledNumber: SALES, ttsCode: FAKE_ALIYUN.crawlerCheckTtsCode, ttsParam: { site: 'BOSS直聘', minutes: '29' } });
    expect(await log()).toEqual([{ provider: 'aliyun', status: 'placed', trigger: 'crawler_check', calledNumber: SALES, leadCount: 0 }]);
  });

  it('calls nobody once the wait is over: solved or skipped, another run, or another wait of the site', async () => {
    await turnOn(suite.sql);
    const wait = await waitingTask(suite.sql, NOON, at(NOON, 30));
    // Another run of the task has started since (the job id on the statistics is its).
    await expect(caller().call({ ...wait, jobId: '40' })).resolves.toEqual({ called: false, reason: 'settled' });
    // A wait of the same site that started at another moment is another wait (its own job asks for it).
    await expect(caller().call({ ...wait, since: at(NOON, -5).toISOString() })).resolves.toEqual({ called: false, reason: 'settled' });
    // Solved (or skipped): the crawl removed the entry.
    await suite.sql.query(`UPDATE crawl_tasks SET "lastRunStats" = "lastRunStats" - 'humanChecks' WHERE id = $1`, [wait.taskId]);
    await expect(caller().call(wait)).resolves.toEqual({ called: false, reason: 'settled' });
    await expect(caller().call({ ...wait, taskId: '00000000-0000-4000-8000-000000000009' })).resolves.toEqual({ called: false, reason: 'settled' });
    expect(suite.aliyun.calls).toHaveLength(0);
    expect(await log()).toEqual([]);
  });

  it('is put off by quiet hours to their end when the wait lasts beyond it, and dropped when it does not', async () => {
    await turnOn(suite.sql);
    // 08:50 in Beijing, the wait until 09:20: called at 09:00 with 20 minutes left.
    now = at(NINE, -10);
    const long = await waitingTask(suite.sql, now, at(NINE, 20));
    await expect(caller().call(long)).resolves.toEqual({ called: false, reason: 'quiet-hours', deferredUntil: NINE });
    now = NINE;
    await expect(caller().call(long)).resolves.toMatchObject({ called: true, provider: 'aliyun', minutes: 20 });
    expect(suite.aliyun.calls.map((call) => call.ttsParam)).toEqual([{ site: 'BOSS直聘', minutes: '20' }]);

    // 08:30, the wait until 09:00: no minute would be left at the end of quiet hours, so nobody is called.
    suite.aliyun.reset();
    now = at(NINE, -30);
    const short = await waitingTask(suite.sql, now, NINE, '42');
    await expect(caller().call(short)).resolves.toEqual({ called: false, reason: 'too-late', putOffBy: 'quiet-hours' });
    expect(suite.aliyun.calls).toHaveLength(0);
  });

  it('waits for the per-number limit within the wait, and drops the call when the limit outlasts it', async () => {
    await turnOn(suite.sql);
    // A new-lead call placed a few seconds ago: the limit of 1 a minute holds this one back.
    await suite.sql.query(`INSERT INTO notification_calls (provider, trigger, status, "calledNumber", "leadCount", "createdAt") VALUES ('aliyun', 'lead', 'placed', $1, 1, $2)`, [SALES, NOON]);
    now = at(NOON, 0.1);
    const wait = await waitingTask(suite.sql, now, at(NOON, 30));
    await expect(caller().call(wait)).resolves.toEqual({ called: false, reason: 'limit', deferredUntil: at(NOON, 1) });
    const ending = await waitingTask(suite.sql, now, at(NOON, 1.5), '43');
    await expect(caller().call(ending)).resolves.toEqual({ called: false, reason: 'too-late', putOffBy: 'limit' });
    now = at(NOON, 1);
    await expect(caller().call(wait)).resolves.toMatchObject({ called: true, provider: 'aliyun', minutes: 29 });
    expect(suite.aliyun.calls).toHaveLength(1);
  });

  it('rings the backup with the same sentence when the primary fails', async () => {
    await turnOn(suite.sql);
    const wait = await waitingTask(suite.sql, NOON, at(NOON, 30));
    suite.aliyun.failNext('SingleCallByTts', 'isp.SYSTEM_ERROR', { status: 503 });
    await expect(caller().call(wait)).resolves.toMatchObject({ called: true, provider: 'twilio' });
    expect(suite.twilio.calls).toHaveLength(1);
    expect(suite.twilio.calls[0]).toMatchObject({ to: FAKE_TWILIO.backupTo });
    expect(suite.twilio.calls[0].twiml).toContain('爬虫任务在BOSS直聘遇到验证，正在等待处理，请在30分钟内打开后台的实时画面。');
    expect((await log()).map((row: { provider: string; status: string; trigger: string }) => [row.provider, row.status, row.trigger])).toEqual([
      ['aliyun', 'failed', 'crawler_check'],
      ['twilio', 'placed', 'crawler_check'],
    ]);
  });
});

describe(`${NotifyWorkerService.name}: the crawler check call on the notify queue`, () => {
  const suite = useNotifyWorkerSuite(14);

  it('places the call a crawl asks for once per wait, and queues its detail', async () => {
    await turnOn(suite.sql);
    const since = new Date();
    const wait = await waitingTask(suite.sql, since, at(since, 30), 'repeat:crawl-task-1:1764000000000');
    await enqueueCrawlerCheckCall(suite.queue, wait);
    // The same wait asked for again (the site met a second check in the run): one job, one call.
    await enqueueCrawlerCheckCall(suite.queue, wait);
    const id = crawlerCheckJobId(wait);
    expect(id).not.toContain(':');
    await expect(finishedJob(suite.queue, id)).resolves.toMatchObject({ called: true, provider: 'aliyun' });
    expect(suite.aliyun.calls.map((call) => [call.calledNumber, call.ttsCode, call.ttsParam.site])).toEqual([[SALES, FAKE_ALIYUN.crawlerCheckTtsCode, 'BOSS直聘']]);
    const [call] = await suite.sql.query(`SELECT id, trigger, status FROM notification_calls`);
    expect(call).toMatchObject({ trigger: 'crawler_check', status: 'placed' });
    const jobs = await suite.queue.getJobs(['delayed', 'waiting', 'active', 'completed']);
    expect(jobs.filter((job) => job.name === CALL_DETAIL_JOB_NAME).map((job) => job.data)).toEqual([{ callId: call.id }]);
    expect(jobs.filter((job) => job.name === CRAWLER_CHECK_JOB_NAME)).toHaveLength(1);
  });
});
