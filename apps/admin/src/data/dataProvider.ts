import {
  type ConfirmUploadResponse,
  type EnrolledFrom,
  enrolPath,
  type ErasePersonRequest,
  isErrorCode,
  LEAD_PATHS,
  LIST_TOTAL_ESTIMATED_HEADER,
  type PersonErasedResponse,
  type PersonExport,
  type PersonRequest,
  type RevealPhoneRequest,
  type RevealPhoneResponse,
  STUDENT_PATHS,
  type UploadKind,
  type UploadUrlResponse,
} from '@aipm/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, fetchUtils, HttpError, type RaRecord, type UpdateParams } from 'react-admin';

import { errorKey } from '../i18n/error-messages';
import { type HttpClient, type RegisteredSectionClient, sectionMethods } from './sectionClient';

/** Same origin as the page: the front door forwards /api/** to the API with the session cookie. */
const API_BASE = '/api';

/**
 * Where each react-admin resource lives under /api. The lead resources predate the admin prefix
 * (docs/product/back-office.md#registrations-and-messages: GET /api/registrations, GET /api/contact); every other
 * back-office resource is under /api/admin.
 */
const RESOURCE_PATHS: Record<string, string> = {
  registrations: LEAD_PATHS.registrations.slice(API_BASE.length + 1),
  messages: LEAD_PATHS.contact.slice(API_BASE.length + 1),
};

export function resourcePath(resource: string): string {
  return RESOURCE_PATHS[resource] ?? `admin/${resource}`;
}

/** The API answers `{ success, data, message? }`; ra-data-simple-rest expects the bare record or list. */
function unwrap(json: unknown): unknown {
  if (json && typeof json === 'object' && !Array.isArray(json) && 'success' in json && 'data' in json) {
    return (json as { data: unknown }).data;
  }
  return json;
}

/**
 * The API's failure in react-admin's terms: an HttpError whose message, and whose per-field `errors`, are
 * translation keys of the codes (aipm.errors.*), which react-admin's notifications and inputs translate. A
 * failure without a code (a proxy's HTML page) keeps fetchJson's own error.
 */
export function translatableError(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  const body = error.body as { code?: unknown; fieldCodes?: unknown } | undefined;
  if (!isErrorCode(body?.code)) return error;
  const fieldCodes = typeof body.fieldCodes === 'object' && body.fieldCodes !== null ? Object.entries(body.fieldCodes) : [];
  const errors = Object.fromEntries(fieldCodes.filter(([, code]) => isErrorCode(code)).map(([field, code]) => [field, errorKey(code)]));
  return new HttpError(errorKey(body.code), error.status, { ...body, errors });
}

/**
 * fetchJson with the envelope removed. Failures stay HttpErrors (status, body), so react-admin routes a 401
 * to authProvider.checkError and shows validation errors beside the inputs, in the chosen language.
 */
export const httpClient: HttpClient = async (url, options = {}) => {
  try {
    const response = await fetchUtils.fetchJson(url, { credentials: 'same-origin', ...options });
    return { ...response, json: unwrap(response.json) };
  } catch (error) {
    throw translatableError(error);
  }
};

/**
 * Only what the form changed: the API refuses unknown fields (id, createdAt, …), and PATCH means a partial
 * change. Without previous data (bulk updates) the data is sent as given.
 */
export function changedFields(params: Pick<UpdateParams, 'data' | 'previousData'>): Record<string, unknown> {
  const data = params.data as Record<string, unknown>;
  const previous = params.previousData as Record<string, unknown> | undefined;
  if (!previous) return data;
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (JSON.stringify(value ?? null) !== JSON.stringify(previous[key] ?? null)) changes[key] = value;
  }
  return changes;
}

export interface AdminDataProvider extends DataProvider {
  /** PIPL: deletes every registration and consultation message of one person (by phone and/or email). */
  erasePerson(person: ErasePersonRequest): Promise<PersonErasedResponse['data']>;
  /** PIPL: everything stored about one person, and the file name the API gave it. */
  exportPerson(person: PersonRequest): Promise<{ fileName: string; data: PersonExport }>;
  /** PIPL: one record's phone in full (lists show it masked); the API audits it. */
  revealPhone(record: RevealPhoneRequest): Promise<string>;
  /** docs/product/students.md#file-upload, step 1: a presigned PUT URL for a file of this name. */
  createUploadUrl(fileName: string, kind: UploadKind): Promise<UploadUrlResponse>;
  /**
   * docs/product/students.md#file-upload, step 3: the API checks what arrived and answers the URL the record stores.
   */
  confirmUpload(uploadURL: string): Promise<ConfirmUploadResponse>;
}

/**
 * react-admin's data provider over the API, with the calls of every section client given (`<section>.<call>`,
 * ADR 048). The sections are given by the composition root (src/adminDataProvider.ts): this folder imports none.
 */
export function createDataProvider(client: HttpClient = httpClient, sections: ReadonlyArray<RegisteredSectionClient> = []): AdminDataProvider {
  const rest = simpleRestProvider(API_BASE, client);
  const itemUrl = (resource: string, id: RaRecord['id']) => `${API_BASE}/${resourcePath(resource)}/${encodeURIComponent(String(id))}`;
  const patch = async (resource: string, id: RaRecord['id'], body: Record<string, unknown>) =>
    (await client(itemUrl(resource, id), { method: 'PATCH', body: JSON.stringify(body) })).json as RaRecord;

  return {
    ...sectionMethods(sections, client),
    // The API flags a total it estimated (ADR 028) in a header simple-rest does not read: a client of this
    // call alone notes it, and the list's meta carries it to the pager.
    getList: async (resource, params) => {
      let totalIsEstimate = false;
      const listClient: typeof fetchUtils.fetchJson = async (url, options) => {
        const response = await client(url, options);
        totalIsEstimate = response.headers.get(LIST_TOTAL_ESTIMATED_HEADER) === 'true';
        return response;
      };
      const page = await simpleRestProvider(API_BASE, listClient).getList(resourcePath(resource), params);
      return totalIsEstimate ? { ...page, meta: { ...page.meta, totalIsEstimate } } : page;
    },
    getOne: (resource, params) => rest.getOne(resourcePath(resource), params),
    getMany: (resource, params) => rest.getMany(resourcePath(resource), params),
    getManyReference: (resource, params) => rest.getManyReference(resourcePath(resource), params),
    // A student created from a lead (meta.enrolFrom) goes to the lead's enrol call: one step that also links and
    // marks the lead (docs/product/students.md#enrol-a-lead).
    create: async (resource, params) => {
      const enrolFrom = (params.meta as { enrolFrom?: EnrolledFrom } | undefined)?.enrolFrom;
      if (!enrolFrom) return rest.create(resourcePath(resource), params);
      return { data: (await client(enrolPath(enrolFrom), { method: 'POST', body: JSON.stringify(params.data) })).json as never };
    },
    delete: (resource, params) => rest.delete(resourcePath(resource), params),
    deleteMany: (resource, params) => rest.deleteMany(resourcePath(resource), params),
    // The API edits with PATCH (ra-data-simple-rest would PUT the whole record).
    update: async (resource, params) => ({ data: (await patch(resource, params.id, changedFields(params))) as never }),
    updateMany: async (resource, params) => {
      const body = params.data as Record<string, unknown>;
      await Promise.all(params.ids.map((id) => patch(resource, id, body)));
      return { data: params.ids };
    },
    erasePerson: async (person) =>
      (await client(LEAD_PATHS.erasePerson, { method: 'POST', body: JSON.stringify(person) })).json as PersonErasedResponse['data'],
    exportPerson: async (person) => {
      const response = await client(LEAD_PATHS.exportPerson, { method: 'POST', body: JSON.stringify(person) });
      const fileName = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'person.json';
      return { fileName, data: response.json as PersonExport };
    },
    revealPhone: async (record) =>
      ((await client(LEAD_PATHS.revealPhone, { method: 'POST', body: JSON.stringify(record) })).json as RevealPhoneResponse['data']).phone,
    createUploadUrl: async (fileName, kind) =>
      (await client(STUDENT_PATHS.uploadUrl, { method: 'POST', body: JSON.stringify({ fileName, kind }) })).json as UploadUrlResponse,
    confirmUpload: async (uploadURL) =>
      (await client(STUDENT_PATHS.confirmUpload, { method: 'POST', body: JSON.stringify({ uploadURL }) })).json as ConfirmUploadResponse,
  };
}
