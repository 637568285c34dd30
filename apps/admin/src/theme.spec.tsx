import '../test/support/jsdom-setup';
import { Button, createTheme, ThemeProvider, Tooltip } from '@mui/material';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { adminDarkTheme, adminTheme } from './theme';

function renderTwoTooltips(options = adminTheme) {
  render(
    <ThemeProvider theme={createTheme(options)}>
      <Tooltip title="保存的提示">
        <Button>保存</Button>
      </Tooltip>
      <Tooltip title="删除的提示">
        <Button>删除</Button>
      </Tooltip>
    </ThemeProvider>,
  );
}

const tooltip = (text: string) => screen.queryAllByRole('tooltip').find((element) => element.textContent === text) ?? null;
/** A tooltip names its button (aria-label): found by its own text. */
const button = (text: string) => screen.getByText(text).closest('button')!;
const after = (ms: number) => act(() => jest.advanceTimersByTime(ms));

/** MUI keeps the "one just closed" window in module state: each test lets it run out before it ends. */
function closeAndWait(trigger: HTMLElement) {
  fireEvent.mouseLeave(trigger);
  after(1000);
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('back-office tooltips (docs/product/back-office.md#tooltips)', () => {
  it.each([
    ['light', adminTheme],
    ['dark', adminDarkTheme],
  ])('open after 700 ms (%s theme)', (_name, options) => {
    renderTwoTooltips(options);
    fireEvent.mouseOver(button('保存'));
    after(690);
    expect(tooltip('保存的提示')).toBeNull();
    after(20);
    expect(tooltip('保存的提示')).toBeInTheDocument();
    closeAndWait(button('保存'));
  });

  it('skip the delay for 300 ms after one closes, and only then', () => {
    renderTwoTooltips();
    const save = button('保存');
    const remove = button('删除');
    fireEvent.mouseOver(save);
    after(700);
    fireEvent.mouseLeave(save);
    after(250);
    fireEvent.mouseOver(remove);
    after(1);
    expect(tooltip('删除的提示')).toBeInTheDocument();

    fireEvent.mouseLeave(remove);
    after(350);
    fireEvent.mouseOver(save);
    after(300);
    expect(tooltip('保存的提示')).toBeNull();
    after(400);
    expect(tooltip('保存的提示')).toBeInTheDocument();
    closeAndWait(button('保存'));
  });
});
