import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CreateContactMessageDto, CreateRegistrationDto, ErasePersonDto } from './lead.dto';
import { LEAD_MESSAGES } from './lead.messages';

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
      name: expect.arrayContaining([LEAD_MESSAGES.nameRequired]),
      phone: [LEAD_MESSAGES.invalidPhone],
      email: [LEAD_MESSAGES.invalidEmail],
      school: expect.arrayContaining([LEAD_MESSAGES.schoolRequired]),
      major: expect.arrayContaining([LEAD_MESSAGES.majorRequired]),
      agreement: [LEAD_MESSAGES.agreementRequired],
    });
  });

  it('refuses a source with unknown keys or non-text values', async () => {
    expect(await failures(CreateRegistrationDto, { ...valid, source: { utm_source: 1 } })).toEqual({
      source: [LEAD_MESSAGES.invalidSource],
    });
    expect(await failures(CreateRegistrationDto, { ...valid, source: { gclid: 'x' } })).toEqual({ source: [LEAD_MESSAGES.invalidSource] });
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
    expect(await failures(ErasePersonDto, {})).toEqual({ phone: expect.arrayContaining([LEAD_MESSAGES.erasureNeedsIdentity]) });
    expect(await failures(ErasePersonDto, { email: 'a@b.cn' })).toEqual({});
    expect(await failures(ErasePersonDto, { phone: '13800138000' })).toEqual({});
  });
});
