import '../../test/support/jsdom-setup';
import { AUDIT_REDACTED } from '@aipm/contracts';
import { screen, within } from '@testing-library/react';
import { renderInAdmin } from '../../test/support/renderInAdmin';
import { AuditDiff } from './AuditShow';

describe(AuditDiff.name, () => {
  it('shows every changed field with its value before and after, in a labelled table', async () => {
    renderInAdmin(<AuditDiff before={{ status: 'new', password: AUDIT_REDACTED }} after={{ status: 'contacted', password: AUDIT_REDACTED, note: '周末回电' }} />);
    const table = await screen.findByRole('table', { name: '修改前后对比' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['字段', '修改前', '修改后']);
    const status = within(table).getByRole('row', { name: /status/ });
    expect(within(status).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['new', 'contacted']);
    // A field new in this change has nothing before it.
    expect(within(within(table).getByRole('row', { name: /note/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['—', '周末回电']);
    expect(within(table).getByRole('row', { name: /password/ })).toHaveTextContent(AUDIT_REDACTED);
  });

  it('says so when no field changed (a sign-in, an export)', async () => {
    renderInAdmin(<AuditDiff before={null} after={null} />);
    expect(await screen.findByText('没有字段变化')).toBeInTheDocument();
  });
});
