/** The pager of the long lists when their total is an estimate (ADR 028), under `aipm.list_pagination`. */
export const zhListPaginationMessages = {
  estimated_range: '第 %{offsetBegin}-%{offsetEnd} 条，共约 %{total} 条',
};

export const enListPaginationMessages: typeof zhListPaginationMessages = {
  estimated_range: '%{offsetBegin}-%{offsetEnd} of about %{total}',
};
