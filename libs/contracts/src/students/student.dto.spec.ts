import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ERROR_MESSAGES } from '../errors/error-catalog';
import { fieldFailures } from '../validation/rule';
import { AttachStudentFileDto, ConfirmUploadDto, MoveStudentFileDto, CreateContractDto, CreatePaymentDto, CreateStudentAccountDto, CreateStudentDto, CreateUploadUrlDto, UpdateContractDto, UpdateStudentAccountDto, UpdateStudentDto } from './student.dto';
import { isCalendarDate } from '../format/date.format';

/** The code reported for each failing field (the top rule of its set), as the API answers it. */
async function codes<T extends object>(type: new () => T, body: object): Promise<Record<string, string>> {
  return fieldFailures(await validate(plainToInstance(type, body), { whitelist: true, forbidNonWhitelisted: true })).fieldCodes;
}

const STUDENT_ID = '6f1c7a52-3b1e-4c4f-9a51-2d5a3f0e9b11';
const CONTRACT_FILE = '/api/admin/files/contracts/6f1c7a52-3b1e-4c4f-9a51-2d5a3f0e9b11.pdf';

describe(CreateStudentDto.name, () => {
  const valid = { name: '李四', phone: '13800138000' };
  it.each<[object, Record<string, string>]>([
    [{}, {}],
    [{ name: undefined, phone: undefined }, { name: 'NAME_REQUIRED', phone: 'STUDENT_PHONE_REQUIRED' }],
    [{ email: '' }, {}],
    [{ email: 'x@' }, { email: 'INVALID_EMAIL' }],
    [{ status: 'graduated', enrollmentDate: '2025-09-20', graduationDate: '2025-09-20' }, {}],
    [{ graduationDate: '2025-09-19', enrollmentDate: '2025-09-20' }, { graduationDate: 'GRADUATION_BEFORE_ENROLLMENT' }],
    [{ contractFiles: [CONTRACT_FILE] }, { contractFiles: 'UNKNOWN_FIELD' }],
    [{ profilePhoto: CONTRACT_FILE }, { profilePhoto: 'INVALID_FILE_URL' }],
  ])('%j → %j', async (patch, expected) => {
    expect(await codes(CreateStudentDto, { ...valid, ...patch })).toEqual(expected);
  });

  it('trims, lower-cases the email and turns emptied text into null', () => {
    expect(plainToInstance(CreateStudentDto, { ...valid, name: ' 李四 ', email: ' A@B.CN ', school: ' ', notes: '' })).toMatchObject({
      name: '李四',
      email: 'a@b.cn',
      school: null,
      notes: null,
    });
  });
});

describe(UpdateStudentDto.name, () => {
  it('takes any subset, refuses null where a value is required', async () => {
    expect(await codes(UpdateStudentDto, {})).toEqual({});
    expect(await codes(UpdateStudentDto, { name: null, status: null, email: null })).toEqual({ name: 'NAME_REQUIRED', status: 'INVALID_STUDENT_STATUS' });
  });
});

describe(CreateContractDto.name, () => {
  const valid = { studentId: STUDENT_ID, contractNumber: 'HT-1', courseName: '训练营', contractAmount: 0, startDate: '2025-09-20', endDate: '2025-10-25' };
  it.each<[object, Record<string, string>]>([
    [{}, {}],
    [{ contractAmount: -1 }, { contractAmount: 'CONTRACT_AMOUNT_NEGATIVE' }],
    [{ contractAmount: null }, { contractAmount: 'CONTRACT_AMOUNT_REQUIRED' }],
    [{ contractAmount: 0.5 }, { contractAmount: 'CONTRACT_AMOUNT_NOT_CENTS' }],
    [{ endDate: '2025-09-20' }, { endDate: 'END_NOT_AFTER_START' }],
    [{ startDate: '2025-02-29' }, { startDate: 'INVALID_START_DATE' }],
    [{ currency: 'USD', status: 'terminated', signedDate: '2025-09-01', files: [CONTRACT_FILE] }, {}],
    [{ files: Array(51).fill(CONTRACT_FILE) }, { files: 'TOO_MANY_CONTRACT_FILES' }],
    [{ files: 'x' }, { files: 'INVALID_FILE_URL' }],
    [{ contractFile: CONTRACT_FILE }, { contractFile: 'UNKNOWN_FIELD' }],
  ])('%j → %j', async (patch, expected) => {
    expect(await codes(CreateContractDto, { ...valid, ...patch })).toEqual(expected);
  });

  it('keeps a contract with its student on update', async () => {
    expect(await codes(UpdateContractDto, { studentId: STUDENT_ID })).toEqual({ studentId: 'UNKNOWN_FIELD' });
  });
});

describe(AttachStudentFileDto.name, () => {
  it.each<[object, Record<string, string>]>([
    [{ studentId: STUDENT_ID, accessURL: CONTRACT_FILE }, {}],
    [{ studentId: STUDENT_ID, contractId: STUDENT_ID, accessURL: CONTRACT_FILE }, {}],
    [{ studentId: STUDENT_ID, accessURL: '/api/admin/files/photos/6f1c7a52-3b1e-4c4f-9a51-2d5a3f0e9b11.png' }, { accessURL: 'INVALID_FILE_URL' }],
    [{ studentId: STUDENT_ID, accessURL: CONTRACT_FILE, originalName: 'x.pdf' }, { originalName: 'UNKNOWN_FIELD' }],
  ])('%j → %j', async (body, expected) => {
    expect(await codes(AttachStudentFileDto, body)).toEqual(expected);
  });

  it('moves to a contract or to 其他文件 (null), never to nothing', async () => {
    expect(await codes(MoveStudentFileDto, { contractId: null })).toEqual({});
    expect(await codes(MoveStudentFileDto, { contractId: STUDENT_ID })).toEqual({});
    expect(await codes(MoveStudentFileDto, {})).toEqual({ contractId: 'INVALID_CONTRACT_ID' });
    expect(await codes(MoveStudentFileDto, { contractId: 'x' })).toEqual({ contractId: 'INVALID_CONTRACT_ID' });
  });
});

describe(CreatePaymentDto.name, () => {
  const valid = { studentId: STUDENT_ID, amount: 100, paymentDate: '2025-09-01' };
  it.each<[object, Record<string, string>]>([
    [{}, {}],
    [{ paymentNumber: 'PAY-20250901-AB12CD', paymentMethod: 'alipay', status: 'refunded', contractId: null }, {}],
    [{ paymentNumber: 'PAY-20250901-ab12cd' }, { paymentNumber: 'INVALID_PAYMENT_NUMBER' }],
    [{ amount: '100' }, { amount: 'PAYMENT_AMOUNT_NOT_CENTS' }],
    [{ paymentDate: '' }, { paymentDate: 'PAYMENT_DATE_REQUIRED' }],
    [{ paymentMethod: null }, { paymentMethod: 'INVALID_PAYMENT_METHOD' }],
  ])('%j → %j', async (patch, expected) => {
    expect(await codes(CreatePaymentDto, { ...valid, ...patch })).toEqual(expected);
  });
});

describe(CreateStudentAccountDto.name, () => {
  it('needs an account text and, when given, a valid email and a password of 6 (not trimmed); the rules of a kind are the service\'s', async () => {
    const valid = { studentId: STUDENT_ID, username: 'abc', email: 'a@b.cn', password: '      ' };
    expect(await codes(CreateStudentAccountDto, valid)).toEqual({});
    expect(await codes(CreateStudentAccountDto, { studentId: STUDENT_ID, kind: 'vpn', username: 'v1' })).toEqual({});
    expect(await codes(CreateStudentAccountDto, { ...valid, username: ' ', password: '12345', email: 'x@' })).toEqual({
      username: 'ACCOUNT_NAME_REQUIRED',
      password: 'ACCOUNT_PASSWORD_TOO_SHORT',
      email: 'INVALID_EMAIL',
    });
    expect(await codes(CreateStudentAccountDto, { ...valid, kind: 'github', username: 'v'.repeat(256) })).toEqual({
      kind: 'INVALID_ACCOUNT_KIND',
      username: 'TOOL_ACCOUNT_TOO_LONG',
    });
    expect(ERROR_MESSAGES.ACCOUNT_PASSWORD_TOO_SHORT).toBe('密码至少6个字符');
  });

  it('keeps an account with its kind on update', async () => {
    expect(await codes(UpdateStudentAccountDto, { kind: 'vpn' })).toEqual({ kind: 'UNKNOWN_FIELD' });
    expect(await codes(UpdateStudentAccountDto, { email: null })).toEqual({});
  });
});

describe(CreateUploadUrlDto.name, () => {
  it.each<[object, Record<string, string>]>([
    [{ fileName: 'a.PDF' }, {}],
    [{ fileName: 'a.pdf', kind: 'photo' }, { fileName: 'UNSUPPORTED_FILE_TYPE' }],
    [{ fileName: 'a.webp', kind: 'photo' }, {}],
    [{ fileName: 'a.docx' }, { fileName: 'UNSUPPORTED_FILE_TYPE' }],
    [{ fileName: 'a.pdf', kind: 'avatar' }, { kind: 'INVALID_UPLOAD_KIND' }],
  ])('%j → %j', async (body, expected) => {
    expect(await codes(CreateUploadUrlDto, body)).toEqual(expected);
  });

  it('needs the upload URL to confirm', async () => {
    expect(await codes(ConfirmUploadDto, {})).toEqual({ uploadURL: 'UPLOAD_URL_REQUIRED' });
  });
});

describe(isCalendarDate.name, () => {
  it.each([
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-9-1', false],
    ['2025-09-01T00:00:00Z', false],
    ['1899-12-31', false],
  ])('%s → %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });
});
