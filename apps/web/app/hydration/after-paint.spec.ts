/** @jest-environment ./tools/testing/jsdom-environment.cjs */
import { loadScriptsAfterFirstPaint } from './after-paint';
import { deferScripts } from './defer-scripts.server';

/** A page's head and body tail as root.tsx and Remix's <Scripts /> render them, before the server's rewrite. */
const HEAD = '<link rel="icon" href="/favicon.svg"><link data-after-paint="preload" href="/assets/common-1.json" as="fetch" crossorigin="anonymous">';
const BODY =
  '<main><h1 id="home-title">训练营</h1></main>' +
  '<link rel="modulepreload" href="/assets/manifest-1.js"><link rel="modulepreload" href="/assets/entry.client-2.js">' +
  '<script>window.__remixContext = {};</script>' +
  '<script type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>';

/** The document as the browser receives it: written by the server's rewrite, so both sides are tested together. */
function receivePage() {
  document.head.innerHTML = deferScripts(HEAD);
  document.body.innerHTML = deferScripts(BODY);
}

const tagNames = () => [...document.head.children, ...document.body.children].map((element) => element.tagName);
const downloads = () => ({
  preloads: [...document.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')].map((link) => link.getAttribute('href')),
  moduleScripts: [...document.querySelectorAll('script[type="module"]')].map((script) => script.textContent),
});

describe(loadScriptsAfterFirstPaint.name, () => {
  beforeEach(() => {
    jest.useFakeTimers();
    receivePage();
  });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('starts no download before the first frame', () => {
    loadScriptsAfterFirstPaint();
    expect(downloads()).toEqual({ preloads: [], moduleScripts: [] });
    // The frame's own callbacks run, but the release waits for the task after the frame.
    jest.advanceTimersToNextFrame();
    expect(downloads()).toEqual({ preloads: [], moduleScripts: [] });
  });

  it('releases every preload and the module script after the first frame, tag for tag in place', () => {
    const before = tagNames();
    loadScriptsAfterFirstPaint();
    jest.advanceTimersToNextFrame();
    jest.advanceTimersByTime(1);
    expect(downloads()).toEqual({
      preloads: ['/assets/common-1.json', '/assets/manifest-1.js', '/assets/entry.client-2.js'],
      moduleScripts: ['import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");'],
    });
    expect(document.querySelector('script[type="module"]')?.previousElementSibling?.textContent).toBe('window.__remixContext = {};');
    expect(tagNames()).toEqual(before);
  });

  it('releases them once, even when the fallback timeout follows the frame', () => {
    loadScriptsAfterFirstPaint();
    jest.advanceTimersToNextFrame();
    jest.advanceTimersByTime(2_000);
    expect(downloads().moduleScripts).toHaveLength(1);
  });

  it('releases them after a second in a tab that paints nothing', () => {
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    loadScriptsAfterFirstPaint();
    jest.advanceTimersByTime(999);
    expect(downloads().moduleScripts).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(downloads().moduleScripts).toHaveLength(1);
  });

  it('works from its own source text alone, as the document carries it', () => {
    new Function(`(${loadScriptsAfterFirstPaint.toString()})();`)();
    jest.advanceTimersToNextFrame();
    jest.advanceTimersByTime(1);
    expect(downloads().moduleScripts).toHaveLength(1);
  });
});
