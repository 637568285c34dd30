import { IsString, MinLength, validate, ValidateNested } from 'class-validator';
import { plainToInstance, Type } from 'class-transformer';
import 'reflect-metadata';
import { ERROR_MESSAGES } from '../errors/error-catalog';
import { fieldFailures, rule } from './rule';

class Inner {
  @MinLength(1, rule('TITLE_REQUIRED'))
  title!: string;
}

class Outer {
  @IsString(rule('TASK_NAME_REQUIRED'))
  @MinLength(3, rule('TASK_NAME_TOO_LONG'))
  name!: string;

  @IsString()
  bare!: string;

  @ValidateNested()
  @Type(() => Inner)
  inner!: Inner;
}

describe(fieldFailures.name, () => {
  it('reports the first rule of each field by message and code, nested fields by dotted path', async () => {
    const failures = await validate(plainToInstance(Outer, { name: 1, bare: 2, inner: { title: '' } }));
    expect(fieldFailures(failures)).toEqual({
      errors: { name: ERROR_MESSAGES.TASK_NAME_REQUIRED, bare: ERROR_MESSAGES.INVALID_FIELD, 'inner.title': ERROR_MESSAGES.TITLE_REQUIRED },
      fieldCodes: { name: 'TASK_NAME_REQUIRED', bare: 'INVALID_FIELD', 'inner.title': 'TITLE_REQUIRED' },
    });
  });

  it('names a field the DTO does not declare, and words a message more exactly when asked', async () => {
    class Limited {
      @MinLength(3, rule('LIMIT_TOO_LARGE', { message: 'limit 最大为 3' }))
      limit!: string;
    }
    const failures = await validate(plainToInstance(Limited, { limit: 'ab', extra: 1 }), { whitelist: true, forbidNonWhitelisted: true });
    expect(fieldFailures(failures)).toEqual({
      errors: { limit: 'limit 最大为 3', extra: ERROR_MESSAGES.UNKNOWN_FIELD },
      fieldCodes: { limit: 'LIMIT_TOO_LARGE', extra: 'UNKNOWN_FIELD' },
    });
  });

  it('reports nothing for a valid object', async () => {
    expect(fieldFailures(await validate(plainToInstance(Outer, { name: 'abc', bare: 'x', inner: { title: 't' } })))).toEqual({ errors: {}, fieldCodes: {} });
  });
});
