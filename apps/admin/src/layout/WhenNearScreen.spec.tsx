import '../../test/support/jsdom-setup';
import { act, render, screen } from '@testing-library/react';
import { WhenNearScreen } from './WhenNearScreen';

/** The browser's IntersectionObserver as far as WhenNearScreen uses it (jsdom has none): the test says what is in view. */
class InViewObserver {
  static last: InViewObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly report: (entries: Array<Pick<IntersectionObserverEntry, 'isIntersecting' | 'target'>>) => void,
    readonly options: IntersectionObserverInit,
  ) {
    InViewObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  comesNear(isIntersecting: boolean) {
    act(() => this.report(this.observed.map((target) => ({ isIntersecting, target }))));
  }
}

describe(WhenNearScreen.name, () => {
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    InViewObserver.last = undefined;
  });

  it('holds the place until it comes within 100 px of the screen, then renders its children and stops watching', () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = InViewObserver;
    render(
      <WhenNearScreen minHeight={400} testId="charts-place">
        <h2>经营概览</h2>
      </WhenNearScreen>,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    const place = screen.getByTestId('charts-place');
    expect(getComputedStyle(place).minHeight).toBe('400px');
    const observer = InViewObserver.last!;
    expect(observer.observed).toEqual([place]);
    expect(observer.options.rootMargin).toBe('0px 0px 100px 0px');

    observer.comesNear(false);
    expect(screen.queryByRole('heading')).toBeNull();

    observer.comesNear(true);
    expect(place).toContainElement(screen.getByRole('heading', { name: '经营概览' }));
    expect(getComputedStyle(place).minHeight).toBe('400px');
    expect(observer.disconnected).toBe(true);
  });

  it('renders at once where the browser cannot tell what is in view', () => {
    render(
      <WhenNearScreen minHeight={400} testId="charts-place">
        <h2>经营概览</h2>
      </WhenNearScreen>,
    );
    expect(screen.getByRole('heading', { name: '经营概览' })).toBeInTheDocument();
  });
});
