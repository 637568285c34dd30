import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CreateContactMessageDto, CreateRegistrationDto, ErasePersonDto } from './lead.dto';
import { COMMON_ERRORS } from '../errors/common.errors';
import { LEAD_ERRORS } from './lead.errors';

/** The Remix actions validate with these classes too: no reflect-metadata, no Nest (this suite loads neither). */
async function failures<T extends object>(type: new () => T, body: object): Promise<Record<string, string[]>> {
  const errors = await validate(plainToInstance(type, body));
  return Object.fromEntries(errors.map((error) => [error.property, Object.values(error.constraints ?? {})]));
}

describe(CreateRegistrationDto.name, () => {
  const valid = { name: '张三', phone: '138 0013 8000', school: '中南大学', major: '软件工程', agreement: true };

  it('accepts the form with trimmed values and no optional fields', async () => {
    expect(await failures(CreateRegistrationDto, { ...valid, email: '', source: { utm_source: 'wechat' } })).toEqual({});
    const dto = plainToInstance(CreateRegistrationDto, { ...valid, name: ' 张三 ', email: ' A@B.CN ' });
    expect(dto).toMatchObject({ name: '张三', email: 'a@b.cn' });
  });

  it('reports the spec message of each failing field', async () => {
    expect(await failures(CreateRegistrationDto, { phone: '12345', email: 'x', agreement: false })).toEqual({
      name: expect.arrayContaining([LEAD_ERRORS.NAME_REQUIRED]),
      phone: [LEAD_ERRORS.INVALID_PHONE],
      email: [COMMON_ERRORS.INVALID_EMAIL],
      school: expect.arrayContaining([LEAD_ERRORS.SCHOOL_REQUIRED]),
      major: expect.arrayContaining([LEAD_ERRORS.MAJOR_REQUIRED]),
      agreement: [LEAD_ERRORS.AGREEMENT_REQUIRED],
    });
  });

  it('refuses a source with unknown keys or non-text values', async () => {
    expect(await failures(CreateRegistrationDto, { ...valid, source: { utm_source: 1 } })).toEqual({
      source: [LEAD_ERRORS.INVALID_SOURCE],
    });
    expect(await failures(CreateRegistrationDto, { ...valid, source: { gclid: 'x' } })).toEqual({ source: [LEAD_ERRORS.INVALID_SOURCE] });
  });
});

describe(CreateContactMessageDto.name, () => {
  it('needs name, phone and a subject of the list', async () => {
    expect(Object.keys(await failures(CreateContactMessageDto, { subject: 'sales' })).sort()).toEqual(['name', 'phone', 'subject']);
    expect(await failures(CreateContactMessageDto, { name: '王五', phone: '+44 7911 123456', subject: 'other' })).toEqual({});
  });
});

describe(ErasePersonDto.name, () => {
  it('needs a phone or an email', async () => {
    expect(await failures(ErasePersonDto, {})).toEqual({ phone: expect.arrayContaining([LEAD_ERRORS.ERASURE_NEEDS_IDENTITY]) });
    expect(await failures(ErasePersonDto, { email: 'a@b.cn' })).toEqual({});
    expect(await failures(ErasePersonDto, { phone: '13800138000' })).toEqual({});
  });
});
