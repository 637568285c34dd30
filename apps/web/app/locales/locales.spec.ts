import en from './en/common.json';
import zh from './zh/common.json';

function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it('has the same keys in zh and en', () => {
    expect(keyPaths(en).sort()).toEqual(keyPaths(zh).sort());
  });

  it('has no empty strings', () => {
    for (const [lng, resources] of Object.entries({ zh, en })) {
      const empty = keyPaths(resources).filter((key) => {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect({ lng, empty }).toEqual({ lng, empty: [] });
    }
  });

  it('keeps the spec wording of the not-found page in both languages', () => {
    for (const resources of [zh, en]) {
      expect(resources.notFound.title).toBe('404 Page Not Found');
      expect(resources.notFound.hint).toBe('Did you forget to add the page to the router?');
    }
  });
});
