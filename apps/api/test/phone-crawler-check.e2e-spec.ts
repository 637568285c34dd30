import { CRAWLER_CHECK_CALL_DEFAULTS, PHONE_PATHS } from '@aipm/contracts';
import { useApiSuite } from './support/api-suite';
import { expectAdministratorOnly, expectFieldsRefused } from './support/call-setting';

/**
 * docs/product/phone.md#crawler-check-call: the setting of the call when a crawl waits for a human check, on 通知设置 ›
 * 电话通知. Off by default, each bad field refused with its own code (nothing saved), switching on needs a template
 * code, and each change is audited with the setting before and after.
 */
describe('crawler check call setting', () => {
  const suite = useApiSuite(13);

  it('is for the administrator only', () => expectAdministratorOnly(suite, PHONE_PATHS.crawlerCheck, CRAWLER_CHECK_CALL_DEFAULTS));

  it('is off by default, and refuses bad fields with stable codes, saving nothing', async () => {
    const answer = await suite.admin.get(PHONE_PATHS.crawlerCheck).expect(200);
    expect(answer.body).toEqual({ success: true, data: { enabled: false, ttsCode: '' } });
    expect(answer.headers['cache-control']).toBe('no-store');
    await expectFieldsRefused(suite, PHONE_PATHS.crawlerCheck, [
      [{ enabled: 'yes' }, 'enabled', 'PHONE_CRAWLER_CHECK_ENABLED_INVALID'],
      [{ enabled: 1 }, 'enabled', 'PHONE_CRAWLER_CHECK_ENABLED_INVALID'],
      [{ enabled: true }, 'ttsCode', 'PHONE_CRAWLER_CHECK_TTS_CODE_INVALID'],
      [{ enabled: true, ttsCode: '' }, 'ttsCode', 'PHONE_CRAWLER_CHECK_TTS_CODE_INVALID'],
      [{ enabled: true, ttsCode: 'SMS_123' }, 'ttsCode', 'PHONE_CRAWLER_CHECK_TTS_CODE_INVALID'],
      [{ ttsCode: 42 }, 'ttsCode', 'PHONE_CRAWLER_CHECK_TTS_CODE_INVALID'],
    ]);
    expect((await suite.admin.get(PHONE_PATHS.crawlerCheck).expect(200)).body.data).toEqual(CRAWLER_CHECK_CALL_DEFAULTS);
    expect(await suite.sql.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'settings.phone.crawler_check.change'`)).toEqual([{ n: 0 }]);
  });

  it('saves a change, keeps the fields not sent, leaves the daily summary alone, and audits it with before and after', async () => {
    const saved = await suite.admin.put(PHONE_PATHS.crawlerCheck).send({ enabled: true, ttsCode: ' TTS_300000003 ' }).expect(200);
    expect(saved.body).toEqual({ success: true, data: { enabled: true, ttsCode: 'TTS_300000003' } });
    await suite.admin.put(PHONE_PATHS.crawlerCheck).send({ enabled: false }).expect(200);
    expect((await suite.admin.get(PHONE_PATHS.crawlerCheck).expect(200)).body.data).toEqual({ enabled: false, ttsCode: 'TTS_300000003' });
    expect(await suite.sql.query(`SELECT key, value FROM admin_config WHERE key LIKE 'phoneCrawlerCheck%' ORDER BY key`)).toEqual([
      { key: 'phoneCrawlerCheckEnabled', value: 'false' },
      { key: 'phoneCrawlerCheckTtsCode', value: 'TTS_300000003' },
    ]);
    expect((await suite.admin.get(PHONE_PATHS.dailySummary).expect(200)).body.data).toMatchObject({ enabled: false, ttsCode: '' });

    const entries = await suite.sql.query(`SELECT entity, before, after FROM audit_log WHERE action = 'settings.phone.crawler_check.change' ORDER BY "createdAt"`);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ entity: 'phone_settings', before: { enabled: false, ttsCode: '' }, after: { enabled: true, ttsCode: 'TTS_300000003' } });
    // The audit keeps what changed.
    expect(entries[1]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
  });
});
