/**
 * Error codes every feature can answer with, beside the Chinese message of each (docs/product/errors.md#common).
 * A client translates by code (the message is what a person reads when no translation exists); codes never
 * change meaning.
 */
export const COMMON_ERRORS = {
  /** Anything unexpected: details stay in the server log. */
  INTERNAL_ERROR: '服务器内部错误，请稍后重试',
  /** A request no client of ours sends: unparseable JSON, or an answer from a framework layer. */
  BAD_REQUEST: '请求内容格式无效',
  NOT_FOUND: '请求的资源不存在',
  /** A status the API has no code of its own for (405, 415 …): the message is general on purpose. */
  REQUEST_FAILED: '请求失败，请稍后重试',
  BODY_TOO_LARGE: '提交的内容过长，请精简后重试',
  /** A NUL character or a lone surrogate: text no database column or encoder can hold. */
  INVALID_CHARACTERS: '提交的内容包含无法识别的字符',
  /** A JSON body nested deeper than any call of ours takes. */
  INPUT_TOO_DEEP: '提交的内容层级过深',
  /** 431: the address or the headers are longer than the server reads. */
  HEADERS_TOO_LARGE: '请求地址或请求头过长',
  /** 502 from the web front door: the API could not be reached, or its connection died before it answered. */
  API_UNAVAILABLE: 'API 服务暂时不可用，请稍后重试',
  /** 504 from the web front door: the API accepted the request but did not answer within the front door's bound. */
  API_TIMEOUT: 'API 服务响应超时，请稍后重试',
  /** 503: the database did not answer or dropped the query (an export that cannot start, for one). */
  DATABASE_UNAVAILABLE: '数据库暂时不可用，请稍后重试',
  /** 400 from the web front door: a Host header this site does not serve (SITE_URL, PUBLIC_HOSTS). */
  UNKNOWN_HOST: '请求的主机名不属于本站',
  INVALID_EMAIL: '请输入有效的邮箱地址',
  INVALID_LIST_QUERY: '列表查询参数无效',
  /** A field no call of ours takes (the API refuses unknown fields rather than ignoring them). */
  UNKNOWN_FIELD: '请求包含不支持的字段',
  /** A field that breaks a rule with no message of its own (hidden fields, cache busters). */
  INVALID_FIELD: '字段格式无效',
  LIMIT_NOT_INTEGER: 'limit 必须是整数',
  LIMIT_TOO_SMALL: 'limit 至少为 1',
  /** The answer's message names the list's own maximum. */
  LIMIT_TOO_LARGE: 'limit 超过上限',
} as const;

export type CommonErrorCode = keyof typeof COMMON_ERRORS;
