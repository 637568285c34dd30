import fs from 'node:fs';
import path from 'node:path';

/*
 * Proves that the browser bundles carry no server code. Two independent checks per bundle:
 *  1. the module list Rollup wrote for each emitted chunk (build/meta/*.json, written by each app's
 *     tools/vite/bundle-modules-manifest.ts), with react and react-dom as positive controls so an empty or
 *     unreadable list fails instead of passing;
 *  2. a raw-text scan of the published JavaScript for strings that only those packages contain, each
 *     marker itself checked against the installed package so the scan cannot look for made-up text.
 * Run after `npm run build -w @aipm/web` and `npm run build -w @aipm/admin`.
 */

const root = path.resolve(__dirname, '..');

interface BundleModulesManifest {
  target: string;
  outDir: string;
  chunks: Array<{ fileName: string; modules: Array<{ id: string; renderedLength: number }> }>;
  assets: string[];
}

const BUNDLES = [
  {
    name: 'web client',
    manifest: 'apps/web/build/meta/client-modules.json',
    buildCommand: 'npm run build -w @aipm/web',
    // Remix writes its route manifest (data, no modules) after Rollup has finished: still text-scanned.
    generatedFiles: /^assets\/manifest-[0-9a-f]+\.js$/,
  },
  {
    name: 'admin',
    manifest: 'apps/admin/build/meta/modules.json',
    buildCommand: 'npm run build -w @aipm/admin',
    generatedFiles: null,
  },
] as const;

/**
 * Packages (by npm name) that must never reach a browser: server frameworks, and the request validation
 * that lives at the contracts' server entry, @aipm/contracts/dto (docs/decisions/013).
 */
export const FORBIDDEN_PACKAGES = ['typeorm', 'bullmq', 'ioredis', 'class-validator', 'class-transformer', 'validator', 'reflect-metadata'] as const;

export function isForbiddenPackage(name: string): boolean {
  return name.startsWith('@nestjs/') || (FORBIDDEN_PACKAGES as readonly string[]).includes(name) || /^puppeteer(-|$)/.test(name);
}

/** Workspace code that is server-only (imported from source, so it appears without node_modules). */
const FORBIDDEN_WORKSPACE_PATHS = ['apps/api/', 'apps/worker/', 'libs/server/', 'libs/contracts/src/dto.ts', 'libs/contracts/src/validation/'];

/** Text found only in each package's own code (checked below against the installed package). */
const TEXT_MARKERS: Array<{ pkg: string; file: string; marker: string }> = [
  { pkg: '@nestjs/core', file: 'errors/messages.js', marker: "Nest can't resolve dependencies" },
  { pkg: 'typeorm', file: 'error/EntityMetadataNotFoundError.js', marker: 'EntityMetadataNotFoundError' },
  { pkg: 'ioredis', file: 'built/errors/ClusterAllFailedError.js', marker: 'ClusterAllFailedError' },
  { pkg: 'puppeteer-core', file: 'lib/esm/puppeteer/cdp/ExecutionContext.js', marker: 'Runtime.callFunctionOn' },
  { pkg: 'class-validator', file: 'cjs/validation/ValidationExecutor.js', marker: 'an unknown value was passed to the validate function' },
  { pkg: 'reflect-metadata', file: 'Reflect.js', marker: '@reflect-metadata:registry' },
];
/** Package names as they appear in import specifiers, error texts and Redis key prefixes. */
const NAME_PATTERN = /@nestjs\/|\btypeorm\b|\bbullmq\b|\bioredis\b|\bpuppeteer\b/i;
/** In React 18's element code: proves the scan reads real bundle text. */
const REACT_MARKER = 'react.element';

/** The npm package a bundled module came from, or null for the app's own source. */
function packageOf(moduleId: string): string | null {
  const match = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(moduleId.replace(/\\/g, '/'));
  return match ? match[1] : null;
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) =>
    entry.isFile() ? [path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')] : [],
  );
}

function loadBundle(bundle: (typeof BUNDLES)[number]) {
  const manifestFile = path.join(root, bundle.manifest);
  if (!fs.existsSync(manifestFile)) {
    throw new Error(
      `The ${bundle.name} bundle's module list is missing (${bundle.manifest}). Run \`${bundle.buildCommand}\` before this test.`,
    );
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BundleModulesManifest;
  const outDir = path.resolve(path.dirname(manifestFile), manifest.outDir);
  if (!fs.existsSync(outDir)) {
    throw new Error(`The ${bundle.name} build folder ${outDir} is missing. Run \`${bundle.buildCommand}\` before this test.`);
  }
  const files = listFiles(outDir);
  const jsFiles = files.filter((file) => /\.(m?js)$/.test(file));
  return { manifest, outDir, files, jsFiles };
}

describe('browser bundle boundary', () => {
  it.each(TEXT_MARKERS)('text marker for $pkg exists in the installed package', ({ pkg, file, marker }) => {
    const installed = path.join(root, 'node_modules', pkg, file);
    if (!fs.existsSync(installed)) {
      // The package is not installed in this workspace (yet): nothing of it can be bundled either.
      return;
    }
    expect(fs.readFileSync(installed, 'utf8')).toContain(marker);
  });

  describe.each(BUNDLES)('$name', (bundle) => {
    const { manifest, outDir, files, jsFiles } = loadBundle(bundle);
    const modules = manifest.chunks.flatMap((chunk) => chunk.modules);

    it('has a module list that matches the JavaScript on disk', () => {
      expect(jsFiles.length).toBeGreaterThan(0);
      // Same set of files: the list belongs to this build, not to an older one.
      const bundled = jsFiles.filter((file) => !bundle.generatedFiles?.test(file));
      expect(bundled.sort()).toEqual(manifest.chunks.map((chunk) => chunk.fileName).sort());
    });

    it('finds react and react-dom in the module list (positive control)', () => {
      const rendered = new Set(modules.filter((m) => m.renderedLength > 0).map((m) => packageOf(m.id)));
      expect(rendered).toContain('react');
      expect(rendered).toContain('react-dom');
    });

    it('bundles no module of a server-only package', () => {
      const offenders = modules
        .map((m) => m.id)
        .filter((id) => {
          const pkg = packageOf(id);
          return pkg !== null && isForbiddenPackage(pkg);
        });
      expect(offenders).toEqual([]);
    });

    it('bundles no server source from the workspace', () => {
      const offenders = modules
        .map((m) => m.id.replace(/\\/g, '/'))
        .filter((id) => !id.includes('/node_modules/'))
        .filter((id) => FORBIDDEN_WORKSPACE_PATHS.some((dir) => id.startsWith(`${root.replace(/\\/g, '/')}/${dir}`)));
      expect(offenders).toEqual([]);
    });

    it('contains no server-package text in the published JavaScript', () => {
      const texts = jsFiles.map((file) => ({ file, text: fs.readFileSync(path.join(outDir, file), 'utf8') }));
      // Positive control: the scan reads real bundle code.
      expect(texts.some(({ text }) => text.includes(REACT_MARKER))).toBe(true);

      const hits = texts.flatMap(({ file, text }) => [
        ...TEXT_MARKERS.filter(({ marker }) => text.includes(marker)).map(({ pkg, marker }) => `${file}: ${pkg} marker "${marker}"`),
        ...(NAME_PATTERN.test(text) ? [`${file}: "${NAME_PATTERN.exec(text)?.[0]}"`] : []),
      ]);
      expect(hits).toEqual([]);
    });

    it('publishes no source maps', () => {
      expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    });
  });
});
