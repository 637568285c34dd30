import '../../test/support/jsdom-setup';
import { Grow } from '@mui/material';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import PopperOnDemand from './popper-on-demand';

/** A button and the box it opens, wired as MUI's Tooltip wires its Popper (a transition, the button as anchor). */
function Described({ open }: { open: boolean }) {
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  return (
    <>
      <button type="button" ref={setAnchor}>
        保存
      </button>
      <PopperOnDemand open={open && anchor !== null} anchorEl={anchor} transition role="tooltip">
        {({ TransitionProps }) => (
          <Grow {...TransitionProps} timeout={10}>
            <span>保存的提示</span>
          </Grow>
        )}
      </PopperOnDemand>
    </>
  );
}

describe('popper-on-demand', () => {
  it('renders nothing while closed, and the real Popper with its content once opened', async () => {
    const { rerender } = render(<Described open={false} />);
    expect(screen.queryByRole('tooltip')).toBeNull();

    rerender(<Described open />);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('保存的提示');
    // The real Popper's root, as MUI renders it: portalled to the body and positioned by Popper.js.
    expect(screen.getByRole('tooltip').parentElement).toBe(document.body);
    expect(screen.getByRole('tooltip').style.position).not.toBe('');
  });

  it('keeps the button it describes, focused, while the Popper arrives', async () => {
    const { rerender } = render(<Described open={false} />);
    const button = screen.getByRole('button', { name: '保存' });
    act(() => button.focus());

    rerender(<Described open />);
    await screen.findByRole('tooltip');
    expect(screen.getByRole('button', { name: '保存' })).toBe(button);
    expect(document.activeElement).toBe(button);
  });

  it('closes as the real Popper does, and a second Popper renders at once', async () => {
    const { rerender, unmount } = render(<Described open />);
    await screen.findByRole('tooltip');
    rerender(<Described open={false} />);
    // Its closing transition runs to the end, then the box goes.
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    unmount();

    // Once fetched, the real Popper is there for every later tooltip without waiting.
    render(<Described open />);
    // A microtask for the anchor's ref to be set; no fetch to wait for.
    await act(async () => undefined);
    expect(screen.getByRole('tooltip')).toHaveTextContent('保存的提示');
  });
});
