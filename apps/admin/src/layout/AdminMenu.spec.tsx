import '../../test/support/jsdom-setup';
import { screen } from '@testing-library/react';
import { renderInAdmin } from '../../test/support/renderInAdmin';
import { AdminMenu } from './AdminMenu';

describe(AdminMenu.name, () => {
  it('puts the queue board one click away, in a new tab, inside the same session (same origin)', async () => {
    renderInAdmin(<AdminMenu />, { at: '/admin' });
    const link = await screen.findByRole('menuitem', { name: '任务队列（在新标签页打开）' });
    expect(link).toHaveAttribute('href', '/api/admin/queues');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(link).toHaveTextContent('任务队列');
  });
});
