import { failedRequestLog, failedRequestMessage } from './failed-request-log';

describe('failed request log lines', () => {
  const res = { statusCode: 503 };

  it('drops the stack pino-http makes up for a 5xx the API chose to answer', () => {
    const madeUp = new Error('failed with status code 503');
    expect(failedRequestLog(madeUp, { res, err: madeUp, responseTime: 7 })).toEqual({ res, responseTime: 7 });
    expect(failedRequestMessage(madeUp, 503)).toBe('request answered 503');
  });

  it('keeps a real error with its stack', () => {
    const thrown = new TypeError('cannot read properties of undefined');
    const logged = { res, err: thrown, responseTime: 12 };
    expect(failedRequestLog(thrown, logged)).toBe(logged);
    expect(failedRequestMessage(thrown, 500)).toBe('request errored');
  });
});
