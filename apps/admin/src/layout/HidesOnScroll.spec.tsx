import '../../test/support/jsdom-setup';
import { act, render, screen } from '@testing-library/react';
import { HidesOnScroll } from './HidesOnScroll';

/** Scrolls the window to `y`, as the browser would, and tells the listeners. */
function scrollTo(y: number) {
  Object.defineProperty(window, 'pageYOffset', { configurable: true, value: y });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe(HidesOnScroll.name, () => {
  afterEach(() => {
    Object.defineProperty(window, 'pageYOffset', { configurable: true, value: 0 });
  });

  it('reads no scroll position while the header mounts, only from the next frame on', async () => {
    let reads = 0;
    Object.defineProperty(window, 'pageYOffset', {
      configurable: true,
      get: () => {
        reads += 1;
        return 0;
      },
    });
    render(
      <HidesOnScroll>
        <header>页头</header>
      </HidesOnScroll>,
    );
    await act(async () => undefined);
    expect(reads).toBe(0);
    await nextFrame();
    expect(reads).toBeGreaterThan(0);
  });

  it('slides the header away on the way down past 100 px and back on the way up', async () => {
    render(
      <HidesOnScroll>
        <header>页头</header>
      </HidesOnScroll>,
    );
    await nextFrame();
    const header = screen.getByText('页头');
    expect(header.style.visibility).not.toBe('hidden');

    scrollTo(400);
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(header.style.visibility).toBe('hidden');

    scrollTo(300);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(header.style.visibility).not.toBe('hidden');
  });
});
