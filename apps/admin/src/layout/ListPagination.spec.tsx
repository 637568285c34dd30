import '../../test/support/jsdom-setup';
import { screen } from '@testing-library/react';
import { ListContextProvider, type ListControllerResult } from 'react-admin';
import { renderInAdmin } from '../../test/support/renderInAdmin';
import { ListPagination } from './ListPagination';

function renderPager(meta: unknown) {
  const list = { data: [], total: 100000, page: 1, perPage: 25, isPending: false, hasNextPage: true, hasPreviousPage: false, meta, setPage: jest.fn(), setPerPage: jest.fn() };
  return renderInAdmin(
    <ListContextProvider value={list as unknown as ListControllerResult}>
      <ListPagination />
    </ListContextProvider>
  );
}

describe(ListPagination.name, () => {
  it('says "about" when the total is an estimate', async () => {
    renderPager({ totalIsEstimate: true });
    expect(await screen.findByText('第 1-25 条，共约 100,000 条')).toBeTruthy();
  });

  it('states an exact total as react-admin does', async () => {
    renderPager(undefined);
    expect(await screen.findByText('第 1-25 条，共 100000 条')).toBeTruthy();
  });
});
