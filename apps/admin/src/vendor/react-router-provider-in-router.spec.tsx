import '../../test/support/jsdom-setup';
import { act, render, screen } from '@testing-library/react';
import { CoreAdminContext, reactRouterProvider as raCoreProvider, useCanBlock, useLocation, useNavigate } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { reactRouterProvider } from './react-router-provider-in-router';

/** Where the router is, and a way to move it through ra-core's own hooks (which read the provider under test). */
function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  const canBlock = useCanBlock();
  return (
    <>
      <p data-testid="path">{location.pathname}</p>
      <p data-testid="can-block">{String(canBlock)}</p>
      <button type="button" onClick={() => navigate('/registrations')}>
        go
      </button>
    </>
  );
}

describe('react-router-provider-in-router', () => {
  it('offers everything ra-core’s adapter offers, the shared parts being the very same', () => {
    expect(Object.keys(reactRouterProvider).sort()).toEqual(Object.keys(raCoreProvider).sort());
    const own = new Set(['RouterWrapper', 'useNavigate', 'useCanBlock']);
    for (const [name, part] of Object.entries(raCoreProvider)) {
      if (!own.has(name)) expect([name, reactRouterProvider[name as keyof typeof reactRouterProvider]]).toEqual([name, part]);
    }
  });

  it('runs react-admin inside the outer router: its location, its navigation, no blocking without a data router', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <CoreAdminContext routerProvider={reactRouterProvider}>
          <Probe />
        </CoreAdminContext>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('path')).toHaveTextContent(/^\/$/);
    expect(screen.getByTestId('can-block')).toHaveTextContent('false');
    await act(async () => screen.getByRole('button', { name: 'go' }).click());
    expect(screen.getByTestId('path')).toHaveTextContent('/registrations');
  });

  it('refuses to run outside a router instead of making one', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() =>
        render(
          <CoreAdminContext routerProvider={reactRouterProvider}>
            <Probe />
          </CoreAdminContext>,
        ),
      ).toThrow('<Admin> must render inside the back office router (App.tsx)');
    } finally {
      consoleError.mockRestore();
    }
  });
});
