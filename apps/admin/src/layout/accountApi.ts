import { ADMIN_AUTH_PATHS } from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/** The header's own call beside sign-out: POST /api/admin/change-password (docs/product/back-office.md#password-change). */
export const accountClient = defineSectionClient('account', (http) => ({
  changePassword: async (currentPassword: string, newPassword: string) => {
    await http(ADMIN_AUTH_PATHS.changePassword, { method: 'POST', body: JSON.stringify({ currentPassword, newPassword }) });
  },
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const useAccountApi = () => useSectionClient(accountClient);
