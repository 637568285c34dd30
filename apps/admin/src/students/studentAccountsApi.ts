import { type ResetLinkResponse, resetLinkPath } from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/** The student accounts' calls beside react-admin's `student-accounts` resource (docs/product/student-portal.md#password-reset). */
export const studentAccountsClient = defineSectionClient('studentAccounts', (http) => ({
  /** A one-time reset link for a 学员登录: the API shows it this once and keeps only its hash. */
  resetLink: async (accountId: string) => (await http(resetLinkPath(accountId), { method: 'POST' })).json as ResetLinkResponse['data'],
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const useStudentAccountsApi = () => useSectionClient(studentAccountsClient);
