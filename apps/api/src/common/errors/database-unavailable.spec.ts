import { isDatabaseUnavailable } from './database-unavailable';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe(isDatabaseUnavailable.name, () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a connection reset mid-query', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a server shutting down (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection failure (08006)', withCode('connection failure', '08006')],
    ['too many connections (53300)', withCode('sorry, too many clients already', '53300')],
    ['pg losing its connection', new Error('Connection terminated unexpectedly')],
    ['pg giving up connecting', new Error('timeout exceeded when trying to connect')],
    ['a TypeORM error around a driver error', Object.assign(new Error('Query failed'), { driverError: withCode('terminating connection', '57P01') })],
    ['a cause', new Error('could not save', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })],
    ['an AggregateError of both addresses', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed')],
    ['an error of another realm (a plain object)', { message: 'connect ECONNREFUSED', code: 'ECONNREFUSED' }],
  ])('recognises %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a value the database refuses (22003)', withCode('bigint out of range', '22003')],
    ['a unique violation (23505)', withCode('duplicate key value violates unique constraint', '23505')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('leaves %s to be a 500 or its own code', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
