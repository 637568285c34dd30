import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/*
 * Issue 18 item 3: /admin/login loads only the entry chunk, which must stay free of react-admin and under
 * 200 KB gzip; react-admin and the sections come in lazy chunks. Reads the admin build (dist/index.html and
 * the module list build/meta/modules.json). Run after `npm run build -w @aipm/admin`.
 */

const adminDir = path.resolve(__dirname, '..', 'apps', 'admin');
const LOGIN_BUDGET_GZIP = 200 * 1024;
/** react-admin and what only it needs: none of it belongs on the login page. */
const ADMIN_ONLY_PACKAGES = ['react-admin', 'ra-core', 'ra-ui-materialui', 'ra-i18n-polyglot', 'ra-language-english', 'ra-data-simple-rest', 'react-hook-form', '@tanstack/query-core', 'lodash'];

interface ModulesManifest {
  chunks: Array<{ fileName: string; modules: Array<{ id: string; renderedLength: number }> }>;
}

function packageOf(moduleId: string): string | null {
  const match = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(moduleId.replace(/\\/g, '/'));
  return match ? match[1] : null;
}

function loadBuild() {
  const manifestFile = path.join(adminDir, 'build', 'meta', 'modules.json');
  const indexHtml = path.join(adminDir, 'dist', 'index.html');
  if (!fs.existsSync(manifestFile) || !fs.existsSync(indexHtml)) {
    throw new Error('The admin build is missing. Run `npm run build -w @aipm/admin` before this test.');
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ModulesManifest;
  const html = fs.readFileSync(indexHtml, 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="\/admin\/([^"]+\.js)"/g)].map((match) => match[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*\shref="\/admin\/([^"]+\.js)"/g)].map((match) => match[1]);
  return { manifest, scripts, preloads };
}

describe('admin first load (/admin/login)', () => {
  const { manifest, scripts, preloads } = loadBuild();
  const entry = manifest.chunks.find((chunk) => chunk.fileName === scripts[0]);
  const entryPackages = new Set(entry?.modules.filter((m) => m.renderedLength > 0).map((m) => packageOf(m.id)));
  const chunkWith = (source: string) => manifest.chunks.find((chunk) => chunk.modules.some((m) => m.id.replace(/\\/g, '/').endsWith(`apps/admin/src/${source}`)));

  it('loads one entry script and preloads nothing else', () => {
    expect(scripts).toHaveLength(1);
    expect(entry).toBeDefined();
    expect(preloads).toEqual([]);
  });

  it('holds the login page, React and MUI (positive control) and no react-admin', () => {
    expect(chunkWith('login/LoginPage.tsx')?.fileName).toBe(entry?.fileName);
    expect(entryPackages).toContain('react-dom');
    expect(entryPackages).toContain('@mui/material');
    expect(ADMIN_ONLY_PACKAGES.filter((pkg) => entryPackages.has(pkg))).toEqual([]);
  });

  it('puts react-admin and every section in chunks of their own', () => {
    const adminChunk = chunkWith('AdminApp.tsx');
    expect(adminChunk).toBeDefined();
    expect(adminChunk?.modules.some((m) => packageOf(m.id) === 'ra-core')).toBe(true);
    const sections = ['dashboard/Dashboard.tsx', 'registrations/RegistrationList.tsx', 'messages/MessageList.tsx', 'sections/SectionPlaceholder.tsx', 'published-jobs/PublishedJobsSection.tsx', 'crawler-config/CrawlerConfigSection.tsx'].map(
      (source) => chunkWith(source)?.fileName,
    );
    expect(new Set([entry?.fileName, adminChunk?.fileName, ...sections]).size).toBe(2 + sections.length);
  });

  it(`stays within ${LOGIN_BUDGET_GZIP / 1024} KB gzip`, () => {
    const code = fs.readFileSync(path.join(adminDir, 'dist', scripts[0]));
    // The entry imports no other chunk statically: it is the whole first load.
    expect(code.toString('utf8')).not.toMatch(/(?:\bfrom|\bimport)\s*["']\.\.?\/[^"']+\.js["']/);
    expect(zlib.gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(LOGIN_BUDGET_GZIP);
  });
});
