import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..');
const PRODUCT = path.join(repoRoot, 'docs/product');

/** Where code, tests, tools and docs live; build output, data and generated reports are left out. */
const FOLDERS = ['apps', 'libs', 'tools', 'e2e', 'docs'];
const SKIPPED = new Set(['node_modules', 'dist', 'build', '.data', 'test-results', 'playwright-report', '.nx', 'fixtures', 'saved']);
const TEXT = /\.(ts|tsx|mjs|cjs|js|md|css|yml|yaml|sh|sql)$/;

function textFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) || entry.name.startsWith('test-results') || entry.name.startsWith('playwright-report') ? [] : textFiles(full);
    return TEXT.test(entry.name) ? [full] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const headings = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => anchorOf(line.replace(/^#+ /, '')));
  return new Set(headings);
}

interface Reference {
  from: string;
  target: string;
  anchor: string | null;
}

/** `docs/product/<file>.md#<anchor>` anywhere, and relative links between the product files themselves. */
function referencesIn(file: string): Reference[] {
  const text = readFileSync(file, 'utf8');
  const from = path.relative(repoRoot, file);
  const found: Reference[] = [...text.matchAll(/docs\/product\/([a-z0-9-]+\.md)(?:#([\p{L}\p{N}_-]+))?/gu)].map((match) => ({ from, target: match[1]!, anchor: match[2] ?? null }));
  if (path.dirname(file) === PRODUCT) {
    for (const match of text.matchAll(/\]\((?:\.\/)?([a-z0-9-]+\.md)?(?:#([\p{L}\p{N}_-]+))?\)/gu)) {
      if (match[1] || match[2]) found.push({ from, target: match[1] ?? path.basename(file), anchor: match[2] ?? null });
    }
  }
  return found;
}

describe('references to docs/product', () => {
  const files = [...FOLDERS.flatMap((folder) => textFiles(path.join(repoRoot, folder))), path.join(repoRoot, 'README.md')];

  it('each names a product file and, when it has one, a heading of that file', () => {
    const anchors = new Map<string, Set<string>>();
    const broken = files.flatMap(referencesIn).filter((reference) => {
      const target = path.join(PRODUCT, reference.target);
      if (!existsSync(target)) return true;
      if (!anchors.has(target)) anchors.set(target, anchorsOf(target));
      return reference.anchor !== null && !anchors.get(target)!.has(reference.anchor);
    });
    expect(broken.map((reference) => `${reference.from} → ${reference.target}${reference.anchor ? `#${reference.anchor}` : ''}`)).toEqual([]);
  });

  it('leave nothing pointing outside the repository: no specification section, issue number or ../shared path', () => {
    // Built from parts, so that this line does not match itself.
    const outside = new RegExp(['spec' + ' §', '\\b[Ii]ssues? #?\\d+', '\\.\\.' + '/shared/'].join('|'));
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (outside.test(line) ? [`${path.relative(repoRoot, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('reads anchors as GitHub does', () => {
    expect(anchorOf('Rate limit')).toBe('rate-limit');
    expect(anchorOf('Sign-in throttling')).toBe('sign-in-throttling');
    expect(anchorOf('Money, dates and salaries')).toBe('money-dates-and-salaries');
    expect(anchorOf('Crawl task (crawl_tasks)')).toBe('crawl-task-crawl_tasks');
  });
});
