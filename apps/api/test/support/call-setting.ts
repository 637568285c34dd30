import { type ErrorCode, ERROR_MESSAGES } from '@aipm/contracts';
import request from 'supertest';
import type { ApiSuite } from './api-suite';

/** A call setting of 电话通知 (docs/product/phone.md): both verbs refused without a session, the defaults with one. */
export async function expectAdministratorOnly(suite: ApiSuite, path: string, defaults: object): Promise<void> {
  const http = request(suite.app.getHttpServer());
  for (const call of [http.get(path), http.put(path).send({ enabled: true, ttsCode: 'TTS_1' })]) {
    const response = await call;
    expect([response.status, response.body.code]).toEqual([401, 'UNAUTHORIZED']);
  }
  expect((await suite.admin.get(path).expect(200)).body.data).toEqual(defaults);
}

/** Each body refused (400) with its field's stable code and the catalog's message. */
export async function expectFieldsRefused(suite: ApiSuite, path: string, cases: ReadonlyArray<readonly [body: object, field: string, code: ErrorCode]>): Promise<void> {
  for (const [body, field, code] of cases) {
    const response = await suite.admin.put(path).send(body);
    expect([JSON.stringify(body), response.status, response.body.code, response.body.fieldCodes]).toEqual([JSON.stringify(body), 400, code, { [field]: code }]);
    expect(response.body.message).toBe(ERROR_MESSAGES[code]);
  }
}
