import '../../test/support/jsdom-setup';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { renderInAdmin } from '../../test/support/renderInAdmin';
import { LanguageMenuButton } from './LanguageMenuButton';

describe(LanguageMenuButton.name, () => {
  it('commits once as the header mounts: no menu, and no second render, until it is first opened', async () => {
    const commits: string[] = [];
    renderInAdmin(
      <Profiler id="language" onRender={(_id, phase) => commits.push(phase)}>
        <LanguageMenuButton />
      </Profiler>,
    );
    await act(async () => undefined);
    expect(commits).toEqual(['mount']);
    expect(document.querySelector('[role="menu"], [role="menuitem"]')).toBeNull();
  });

  it('opens the languages as a menu, switches to English and shows it chosen at the next opening', async () => {
    renderInAdmin(<LanguageMenuButton />);
    const button = screen.getByRole('button', { name: '中文' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getByRole('menuitem', { name: '中文' })).toHaveClass('Mui-selected');

    fireEvent.click(screen.getByRole('menuitem', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'English' })).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('menuitem', { name: 'English' })).toHaveClass('Mui-selected');
  });
});
