/**
 * Error codes of the phone notification calls (docs/product/phone.md#admin-calls) and the test buttons' failure
 * toasts (docs/product/phone.md#test-buttons: 测试失败 / 电话测试失败 / connection test failed).
 */
export const PHONE_ERRORS = {
  /** 503: the primary provider's variables are missing (the answer's message names them). */
  ALIYUN_NOT_CONFIGURED: '阿里云语音通知尚未配置',
  /** 503: the backup provider's variables are missing (the answer's message names them). */
  PHONE_NOT_CONFIGURED: '备用电话尚未配置',
  /** 502: Alibaba Cloud refused the credentials or did not answer (the message adds the reason). */
  ALIYUN_CONNECTION_FAILED: '连接测试失败',
  /** 502: a test call through the primary was not placed (its test button's failure toast). */
  ALIYUN_PHONE_TEST_FAILED: '电话测试失败',
  /** 502: a test call through the backup was not placed (its test button's toast: 测试失败 … or 电话测试失败). */
  PHONE_TEST_FAILED: '测试失败',
  /** 400: the daily summary's time is not HH:mm (00:00 … 23:59). */
  PHONE_SUMMARY_TIME_INVALID: '每日汇总时间格式无效，应为 HH:mm',
  /** 400: the daily summary is switched on without a template code, or the code is not like TTS_123456. */
  PHONE_SUMMARY_TTS_CODE_INVALID: '请填写有效的阿里云语音模板代码（如 TTS_123456）',
  /** 400: `enabled` is not true or false. */
  PHONE_SUMMARY_ENABLED_INVALID: '每日汇总开关应为 true 或 false',
  /** 400: the crawler check call is switched on without a template code, or the code is not like TTS_123456. */
  PHONE_CRAWLER_CHECK_TTS_CODE_INVALID: '请填写有效的爬虫验证语音模板代码（如 TTS_123456）',
  /** 400: `enabled` is not true or false. */
  PHONE_CRAWLER_CHECK_ENABLED_INVALID: '爬虫验证来电开关应为 true 或 false',
  INVALID_NOTIFICATION_CALL_ID: '通知记录ID格式无效',
  NOTIFICATION_CALL_NOT_FOUND: '通知记录不存在',
} as const;

export type PhoneErrorCode = keyof typeof PHONE_ERRORS;
