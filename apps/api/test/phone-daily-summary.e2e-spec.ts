import { DAILY_SUMMARY_DEFAULTS, PHONE_PATHS } from '@aipm/contracts';
import { useApiSuite } from './support/api-suite';
import { expectAdministratorOnly, expectFieldsRefused } from './support/call-setting';

/**
 * docs/product/phone.md#daily-summary-call: the daily summary call's setting on 通知设置 › 电话通知. Off by default,
 * each bad field refused with its own code (nothing saved), switching on needs a template code, and each change is
 * audited with the setting before and after.
 */
describe('daily summary call setting', () => {
  const suite = useApiSuite(13);

  it('is for the administrator only', () => expectAdministratorOnly(suite, PHONE_PATHS.dailySummary, DAILY_SUMMARY_DEFAULTS));

  it('is off by default at 09:00, and refuses bad fields with stable codes, saving nothing', async () => {
    expect((await suite.admin.get(PHONE_PATHS.dailySummary).expect(200)).body).toEqual({ success: true, data: { enabled: false, time: '09:00', ttsCode: '' } });
    await expectFieldsRefused(suite, PHONE_PATHS.dailySummary, [
      [{ time: '9:00' }, 'time', 'PHONE_SUMMARY_TIME_INVALID'],
      [{ time: '24:00' }, 'time', 'PHONE_SUMMARY_TIME_INVALID'],
      [{ time: 900 }, 'time', 'PHONE_SUMMARY_TIME_INVALID'],
      [{ enabled: 'yes' }, 'enabled', 'PHONE_SUMMARY_ENABLED_INVALID'],
      [{ enabled: true }, 'ttsCode', 'PHONE_SUMMARY_TTS_CODE_INVALID'],
      [{ enabled: true, ttsCode: 'SMS_123' }, 'ttsCode', 'PHONE_SUMMARY_TTS_CODE_INVALID'],
      [{ ttsCode: 42 }, 'ttsCode', 'PHONE_SUMMARY_TTS_CODE_INVALID'],
    ]);
    expect((await suite.admin.get(PHONE_PATHS.dailySummary).expect(200)).body.data).toEqual(DAILY_SUMMARY_DEFAULTS);
    expect(await suite.sql.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'settings.phone.summary.change'`)).toEqual([{ n: 0 }]);
  });

  it('saves a change, keeps the fields not sent, and audits it with before and after', async () => {
    const saved = await suite.admin.put(PHONE_PATHS.dailySummary).send({ enabled: true, time: '08:30', ttsCode: ' TTS_300000002 ' }).expect(200);
    expect(saved.body).toEqual({ success: true, data: { enabled: true, time: '08:30', ttsCode: 'TTS_300000002' } });
    await suite.admin.put(PHONE_PATHS.dailySummary).send({ enabled: false }).expect(200);
    expect((await suite.admin.get(PHONE_PATHS.dailySummary).expect(200)).body.data).toEqual({ enabled: false, time: '08:30', ttsCode: 'TTS_300000002' });

    const entries = await suite.sql.query(`SELECT entity, before, after FROM audit_log WHERE action = 'settings.phone.summary.change' ORDER BY "createdAt"`);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ entity: 'phone_settings', before: expect.objectContaining({ enabled: false }), after: expect.objectContaining({ enabled: true, time: '08:30' }) });
    expect(entries[1]).toMatchObject({ before: expect.objectContaining({ enabled: true }), after: expect.objectContaining({ enabled: false }) });
  });
});
