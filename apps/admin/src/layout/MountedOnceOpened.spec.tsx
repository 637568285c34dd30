import '../../test/support/jsdom-setup';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy, useState } from 'react';
import { MountedOnceOpened } from './MountedOnceOpened';

let loads = 0;
/** A dialog in a chunk of its own, as the crawler's are: it keeps what was typed while it stays mounted. */
const TypedDialog = lazy(async () => {
  loads += 1;
  return {
    default: function TypedDialog({ open }: { open: boolean }) {
      const [text, setText] = useState('');
      return open ? <input aria-label="名称" value={text} onChange={(event) => setText(event.target.value)} /> : null;
    },
  };
});

function Screen({ open }: { open: boolean }) {
  return (
    <MountedOnceOpened open={open}>
      <TypedDialog open={open} />
    </MountedOnceOpened>
  );
}

describe('MountedOnceOpened', () => {
  it('fetches nothing until the first opening, then keeps the dialog mounted with what was typed', async () => {
    const { rerender } = render(<Screen open={false} />);
    await act(async () => undefined);
    expect(loads).toBe(0);

    rerender(<Screen open />);
    const field = await screen.findByRole('textbox', { name: '名称' });
    expect(loads).toBe(1);
    fireEvent.change(field, { target: { value: '每日抓取' } });

    rerender(<Screen open={false} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    rerender(<Screen open />);
    expect(screen.getByRole('textbox', { name: '名称' })).toHaveValue('每日抓取');
    expect(loads).toBe(1);
  });

  it('renders a dialog that is open from the start', async () => {
    render(<Screen open />);
    expect(await screen.findByRole('textbox', { name: '名称' })).toBeInTheDocument();
  });
});
