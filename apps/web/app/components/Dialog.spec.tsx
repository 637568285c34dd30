import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { renderWithI18n } from '../../test/support/render-with-i18n';

import { Dialog } from './Dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Pop-up">
        <a href="/first">first</a>
        <a href="/last">last</a>
      </Dialog>
    </>
  );
}

describe(Dialog.name, () => {
  it('moves focus in, traps Tab inside and returns focus to the opener on close', async () => {
    const user = userEvent.setup();
    await renderWithI18n(<Harness />, 'en');
    const opener = screen.getByRole('button', { name: 'open' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Pop-up' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'first' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'last' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'last' })).toHaveFocus();

    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on Escape and on a backdrop click, not on a click inside', async () => {
    const user = userEvent.setup();
    await renderWithI18n(<Harness />, 'zh');
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'open' }));
    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
