import '../../test/support/jsdom-setup';
import { act, render, screen } from '@testing-library/react';
import { AdminContext, type AuthProvider, memoryStore } from 'react-admin';
import { createAdminQueryClient } from '../data/queryClient';
import { ScreenAfterLayout } from './ScreenAfterLayout';

/** An auth provider whose identity arrives when the test says so. */
function identityOnCue() {
  let arrive: (email: string) => void = () => undefined;
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: () => new Promise((resolve) => (arrive = (email) => resolve({ id: email, email }))),
  };
  return { authProvider, arrive: (email: string) => arrive(email) };
}

function renderScreen(authProvider: AuthProvider) {
  return render(
    <AdminContext authProvider={authProvider} store={memoryStore()} queryClient={createAdminQueryClient()}>
      <ScreenAfterLayout>
        <p>the screen</p>
      </ScreenAfterLayout>
    </AdminContext>,
  );
}

describe(ScreenAfterLayout.name, () => {
  it('renders the screen only once the identity the header shows has arrived', async () => {
    const { authProvider, arrive } = identityOnCue();
    renderScreen(authProvider);
    // Time enough for the transition after the first commit.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('the screen')).toBeNull();

    await act(async () => arrive('admin@aipm.test'));
    expect(await screen.findByText('the screen')).toBeTruthy();
  });

  it('renders the screen when the identity cannot be read: the header shows no welcome line, the screen its own error', async () => {
    const authProvider: AuthProvider = { ...identityOnCue().authProvider, getIdentity: async () => Promise.reject(new Error('503: 会话服务暂时不可用')) };
    renderScreen(authProvider);
    expect(await screen.findByText('the screen')).toBeTruthy();
  });
});
