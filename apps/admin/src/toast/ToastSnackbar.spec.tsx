import '../../test/support/jsdom-setup';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { AdminContext, memoryStore, useNotify } from 'react-admin';
import { createI18nProvider } from '../i18n/i18nProvider';
import { SECTION_MESSAGES } from '../sectionMessages';
import { AdminNotification } from './AdminNotification';
import { ToastHost } from './ToastHost';
import { currentToast, dismissToast, showToast } from './toasts';

/** A section raising a react-admin notification as it mounts. */
function Notifies({ message, type = 'info' }: { message: string; type?: 'info' | 'success' | 'error' }) {
  const notify = useNotify();
  useEffect(() => notify(message, { type }), [notify, message, type]);
  return null;
}

/** The back office as it runs: react-admin's notifications beside the outer app's toasts. */
function renderBackOffice(children: React.ReactNode = null) {
  return render(
    <>
      <AdminContext i18nProvider={createI18nProvider(SECTION_MESSAGES, '')} store={memoryStore()}>
        {children}
        <AdminNotification />
      </AdminContext>
      <ToastHost />
    </>,
  );
}

// jsdom has no PointerEvent: without one the pointer events fired below would carry no clientX.
if (!('PointerEvent' in window)) Object.assign(window, { PointerEvent: class PointerEvent extends MouseEvent {} });

/** A pointer drag across the toast, from x=100 by dx pixels. */
function swipe(element: Element, dx: number) {
  fireEvent.pointerDown(element, { clientX: 100 });
  fireEvent.pointerMove(element, { clientX: 100 + dx / 2 });
  fireEvent.pointerMove(element, { clientX: 100 + dx });
  fireEvent.pointerUp(element, { clientX: 100 + dx });
}

/** Lets a closing toast's exit transition run out. */
function settle() {
  act(() => jest.advanceTimersByTime(500));
  act(() => jest.advanceTimersByTime(500));
}

beforeEach(() => {
  jest.useFakeTimers();
  const toast = currentToast();
  if (toast) dismissToast(toast.id);
  localStorage.clear();
});

afterEach(() => {
  act(() => jest.runOnlyPendingTimers());
  jest.useRealTimers();
});

describe('back-office toasts (docs/product/back-office.md#toasts)', () => {
  it('shows a toast of the outer app 5,000 ms', () => {
    renderBackOffice();
    act(() => showToast('登出成功', 'success'));
    act(() => jest.advanceTimersByTime(4900));
    expect(screen.getByText('登出成功')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(currentToast()).toBeNull();
  });

  it('shows a react-admin notification 5,000 ms', () => {
    renderBackOffice(<Notifies message="aipm.students.payments.added" type="success" />);
    expect(screen.getByText('缴费记录添加成功')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(4900));
    expect(screen.getByRole('alert')).toHaveTextContent('缴费记录添加成功');
    act(() => jest.advanceTimersByTime(200));
    settle();
    expect(screen.queryByText('缴费记录添加成功')).not.toBeInTheDocument();
  });

  it('shows one toast at a time: a new one replaces the shown one, whichever kind each is', () => {
    const { rerender } = renderBackOffice(<Notifies message="first section notice" />);
    expect(screen.getByText('first section notice')).toBeInTheDocument();
    act(() => showToast('登出失败', 'error'));
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByText('first section notice')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    rerender(
      <>
        <AdminContext i18nProvider={createI18nProvider(SECTION_MESSAGES, '')} store={memoryStore()}>
          <Notifies message="second section notice" />
          <Notifies message="third section notice" />
          <AdminNotification />
        </AdminContext>
        <ToastHost />
      </>,
    );
    act(() => jest.advanceTimersByTime(500));
    expect(currentToast()).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('third section notice');
  });

  it('dismisses a toast swiped 50 px to the right, not one swiped less', () => {
    const { unmount } = renderBackOffice();
    act(() => showToast('登出成功', 'success'));
    const toast = screen.getByRole('alert');
    act(() => swipe(toast, 49));
    expect(currentToast()).not.toBeNull();
    act(() => swipe(toast, 50));
    expect(currentToast()).toBeNull();
    unmount();

    renderBackOffice(<Notifies message="a section notice" />);
    act(() => swipe(screen.getByRole('alert'), 60));
    settle();
    expect(screen.queryByText('a section notice')).not.toBeInTheDocument();
  });

  it('caps the toast at 420 px wide from 768 px up', () => {
    renderBackOffice();
    act(() => showToast('登出成功', 'success'));
    // The rules emotion inserted: the toast's own class under a 768 px media query.
    const capped = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSMediaRule => 'media' in rule && /min-width: ?768px/.test((rule as CSSMediaRule).media.mediaText))
      .flatMap((media) => [...media.cssRules] as CSSStyleRule[])
      .filter((rule) => /max-width: ?420px/.test(rule.cssText))
      .map((rule) => rule.selectorText);
    const className = [...screen.getByRole('alert').classList].find((name) => capped.includes(`.${name}`));
    expect(className).toBeDefined();
  });

  it('moves the focus to the toast region with F8, named for it, and back when the toast closes', () => {
    render(
      <>
        <button type="button">在页面上</button>
        <ToastHost />
      </>,
    );
    screen.getByRole('button', { name: '在页面上' }).focus();
    act(() => showToast('登出成功', 'success'));
    fireEvent.keyDown(window, { key: 'F8' });
    expect(screen.getByRole('region', { name: '通知 (F8)' })).toHaveFocus();
    expect(screen.getByRole('region', { name: '通知 (F8)' })).toContainElement(screen.getByRole('alert'));
    act(() => swipe(screen.getByRole('alert'), 80));
    expect(screen.getByRole('button', { name: '在页面上' })).toHaveFocus();
  });
});
