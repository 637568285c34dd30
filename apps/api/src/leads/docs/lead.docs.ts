import {
  CONTACT_SUBJECTS,
  type ContactMessageResponse,
  LEAD_MESSAGES,
  LEAD_STATUSES,
  type LeadCreatedResponse,
  type PersonErasedResponse,
  type PersonExport,
  PERSON_EVENT_KINDS,
  PERSON_RECORD_RESOURCES,
  type PersonTimeline,
  type RevealPhoneResponse,
  type RegistrationResponse,
} from '@aipm/contracts';
import type { CreateContactMessageDto, CreateRegistrationDto, ErasePersonDto, ExportPersonDto, RevealPhoneDto, UpdateLeadDto } from '@aipm/contracts/dto';
import { constant, dateTime, dictionary, integer, listOf, nullable, object, oneOf, recordSchema, refTo, text, uuid } from '../../common/openapi/schemas';

/* The lead routes' shapes and examples (registrations, contact messages, PIPL erasure); ADR 022. */

const followUp = {
  status: oneOf(LEAD_STATUSES, 'contacted'),
  note: nullable(text('已电话联系，周末试听')),
  followUpAt: nullable(dateTime('2026-12-01T09:00:00.000Z', 'When to call back')),
  statusReason: nullable(text('chose_competitor', "Why it was given up (a code of 线索设置's reasons), while invalid or lost")),
  statusNote: nullable(text('已报名其他训练营', 'Free text beside the reason')),
  firstContactedAt: nullable(dateTime('2026-11-24T10:12:00.000Z', 'The first move to contacted or enrolled; set once')),
  studentId: nullable(uuid('5c4b3a29-1807-4f6e-9d5c-4b3a29180716', 'The student this lead became (转为学员), or null')),
  personRecords: integer(3, 'List rows only: registrations, messages and students sharing the phone or email, this one included'),
};
const source = nullable(dictionary({ utm_source: 'wechat', utm_campaign: 'autumn', landingPath: '/' }, 'First-touch source (utm_*, referrer, landing path)'));

export const REGISTRATION = recordSchema<RegistrationResponse>('RegistrationResponse', {
  id: uuid(),
  name: text('张三'),
  phone: text('139****5678', 'Masked (PIPL); POST /api/admin/people/reveal-phone shows it in full, audited'),
  email: nullable(text('zhangsan@example.com')),
  school: text('中南大学'),
  major: text('计算机科学与技术'),
  goals: nullable(text('转型 AI 产品经理')),
  createdAt: dateTime(),
  repeatCount: integer(0, 'Registrations from the same phone within 24 hours after this one'),
  lastRepeatedAt: nullable(dateTime()),
  source,
  agreement: nullable(
    object(
      {
        version: text('2026-09'),
        agreedAt: dateTime(),
        ip: nullable(text('203.0.113.7')),
        userAgent: nullable(text('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')),
      },
      'The recorded consent (PIPL)',
    ),
  ),
  ...followUp,
}, { optional: ['personRecords'] });

export const CONTACT_MESSAGE = recordSchema<ContactMessageResponse>('ContactMessageResponse', {
  id: uuid(),
  name: text('李四'),
  phone: text('139****5679', 'Masked (PIPL); POST /api/admin/people/reveal-phone shows it in full, audited'),
  email: nullable(text('lisi@example.com')),
  subject: oneOf(CONTACT_SUBJECTS, 'course'),
  message: nullable(text('想了解下一期的开课时间')),
  createdAt: dateTime(),
  source,
  ...followUp,
}, { optional: ['personRecords'] });

export const LEAD_CREATED = recordSchema<LeadCreatedResponse>(
  'LeadCreatedResponse',
  { success: constant(true), message: text(LEAD_MESSAGES.registrationSucceeded), data: object({ id: uuid() }) },
  { description: 'Also the answer to a repeat within 24 hours (counted on the first lead) and to a honeypot hit (not stored)' },
);

export const PERSON_ERASED = recordSchema<PersonErasedResponse>('PersonErasedResponse', {
  success: constant(true),
  message: text(LEAD_MESSAGES.erased),
  data: object({ registrations: integer(2), messages: integer(1), students: integer(0) }, 'Rows erased of each kind; students with their contracts, payments, accounts and files'),
});

export const REGISTRATION_BODY: CreateRegistrationDto = {
  name: '张三',
  phone: '13912345678',
  email: 'zhangsan@example.com',
  school: '中南大学',
  major: '计算机科学与技术',
  goals: '转型 AI 产品经理',
  agreement: true,
  source: { utm_source: 'wechat', landingPath: '/' },
};

export const CONTACT_BODY: CreateContactMessageDto = {
  name: '李四',
  phone: '13912345679',
  email: 'lisi@example.com',
  subject: 'course',
  message: '想了解下一期的开课时间',
};

export const LEAD_UPDATE_BODY: UpdateLeadDto = { status: 'contacted', note: '已电话联系，周末试听', followUpAt: '2026-12-01T09:00:00.000Z' };

export const ERASE_PERSON_BODY: ErasePersonDto = { phone: '13912345678', email: 'zhangsan@example.com' };

/** The back office's buttons name the record they stand on; a phone or an email works as well. */
export const EXPORT_PERSON_BODY: ExportPersonDto = { resource: 'registrations', id: '3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12' };

export const REVEAL_PHONE_BODY: RevealPhoneDto = { resource: 'contact', id: '3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12' };

export const PHONE_REVEALED = recordSchema<RevealPhoneResponse>('RevealPhoneResponse', {
  success: constant(true),
  data: object({ phone: text('139 1234 5678', 'As the person typed it') }),
});

export const PERSON_EXPORT = recordSchema<PersonExport>(
  'PersonExport',
  {
    exportedAt: dateTime(),
    identity: object({ phones: listOf(text('+8613912345678')), emails: listOf(text('zhangsan@example.com')) }, 'What the records were found by'),
    registrations: listOf(REGISTRATION, 'Phones in full'),
    messages: listOf(CONTACT_MESSAGE, 'Phones in full'),
    consents: listOf(
      object({ registrationId: uuid(), version: text('2026-09'), agreedAt: dateTime(), ip: nullable(text('203.0.113.7')), userAgent: nullable(text('Mozilla/5.0')) }),
      'The agreements accepted on the registration form'
    ),
    notifications: listOf(
      object({
        registrationId: nullable(uuid()),
        contactMessageId: nullable(uuid()),
        createdAt: dateTime(),
        announcedAt: nullable(dateTime()),
        calls: listOf(object({ provider: text('aliyun'), status: text('placed'), trigger: text('lead'), createdAt: dateTime() })),
      }),
      'The new-lead calls that announced the leads to the sales line'
    ),
    students: listOf(refTo('StudentExport'), 'Each student record as GET /api/admin/students/{id}/export gives it'),
  },
  { description: 'Everything stored about one person (PIPL copy request), as a JSON download' }
);

const personRecord = object({ resource: oneOf(PERSON_RECORD_RESOURCES, 'registrations'), id: uuid() });

export const PERSON_TIMELINE = recordSchema<PersonTimeline>(
  'PersonTimeline',
  {
    identity: object(
      { names: listOf(text('张三')), phones: listOf(text('139****5678', 'Masked')), emails: listOf(text('zhangsan@example.com')) },
      'What the person used across their records'
    ),
    records: listOf(object({ resource: oneOf(PERSON_RECORD_RESOURCES, 'contact'), id: uuid(), createdAt: dateTime() }), 'The person\'s records, newest first'),
    events: listOf(
      object({
        kind: oneOf(PERSON_EVENT_KINDS, 'status_change'),
        at: dateTime(),
        record: personRecord,
        actor: nullable(text('admin', 'Who did it, when staff did')),
        facts: dictionary({ from: 'new', to: 'contacted' }, 'What the kind shows; phones masked, money in cents (amountCents)'),
      }),
      'Newest first, at most 500'
    ),
  },
  { description: 'Everything known about the person one record names, on one timeline (docs/product/back-office.md#person-page)' }
);

export const REGISTRATIONS_CSV_EXAMPLE = '\uFEFF报名时间,姓名,手机号码,邮箱,学校,专业,学习目标,状态,备注,跟进日期,重复提交次数,来源,媒介,活动,来源页面,协议版本,ID\r\n2026-11-24 16:30,张三,139****5678,zhangsan@example.com,中南大学,计算机科学与技术,转型 AI 产品经理,新报名,,,0,wechat,,autumn,/,2026-09,3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12\r\n';


export const CONTACT_CSV_EXAMPLE = '\uFEFF提交时间,姓名,手机号码,邮箱,咨询主题,咨询内容,状态,备注,跟进日期,来源,媒介,活动,来源页面,ID\r\n2026-11-24 16:30,李四,139****5679,lisi@example.com,课程咨询,想了解下一期的开课时间,新咨询,,,,,,,3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12\r\n';
