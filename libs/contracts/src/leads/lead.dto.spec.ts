import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CreateContactMessageDto, CreateRegistrationDto, ErasePersonDto, ExportPersonDto, RevealPhoneDto } from './lead.dto';
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

  it('reports the documented message of each failing field', async () => {
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

describe(ExportPersonDto.name, () => {
  it('needs a phone, an email or one of the person’s records, and says it is for the export', async () => {
    expect(await failures(ExportPersonDto, {})).toEqual({ phone: expect.arrayContaining([LEAD_ERRORS.EXPORT_NEEDS_IDENTITY]) });
    expect(await failures(ExportPersonDto, { resource: 'registrations', id: 'a4f0c2de-5b0e-4c3e-9f3a-2d1e0c9b8a71' })).toEqual({});
    expect(await failures(ExportPersonDto, { resource: 'students', id: 'a4f0c2de-5b0e-4c3e-9f3a-2d1e0c9b8a71', phone: '13800138000' })).toEqual({});
  });

  it('refuses an unknown record kind or a malformed id', async () => {
    expect(await failures(ExportPersonDto, { resource: 'users', id: 'a4f0c2de-5b0e-4c3e-9f3a-2d1e0c9b8a71' })).toEqual({ resource: [LEAD_ERRORS.INVALID_PERSON_RECORD] });
    expect(await failures(ExportPersonDto, { resource: 'contact' })).toEqual({ id: expect.arrayContaining([LEAD_ERRORS.INVALID_PERSON_RECORD]) });
  });
});

describe(RevealPhoneDto.name, () => {
  it('needs the record kind and its id', async () => {
    expect(Object.keys(await failures(RevealPhoneDto, {})).sort()).toEqual(['id', 'resource']);
    expect(await failures(RevealPhoneDto, { resource: 'contact', id: 'a4f0c2de-5b0e-4c3e-9f3a-2d1e0c9b8a71' })).toEqual({});
  });
});
