// Rollup's plugin type (a Vite plugin needs nothing more here): the tools' tests check this file without Vite's types.
import type { OutputBundle, Plugin } from 'rollup';

type ResolveDependencies = (file: string, deps: string[], context: { hostId: string; hostType: 'html' | 'js' }) => string[];

/**
 * What a lazy import preloads (Vite's `build.modulePreload.resolveDependencies`): the imported chunk and its static
 * imports, less those the importing chunk imports statically itself, which the browser has run before the importer
 * ran. Vite lists them all, so every lazy screen or card appended a `<link rel="modulepreload">` for the entry and
 * react-admin's chunks again, ~1 ms of main thread each as a screen rendered (27 links for a lead list's toolbar,
 * ADR 084). The plugin hands the bundle to `resolveDependencies` before Vite's own import analysis asks it.
 */
export function preloadWhatIsMissing(): { plugin: Plugin; resolveDependencies: ResolveDependencies } {
  let bundle: OutputBundle = {};
  const closures = new Map<string, Set<string>>();

  /** The chunk and every chunk it imports statically, transitively. */
  const loadedWith = (file: string): Set<string> => {
    const known = closures.get(file);
    if (known) return known;
    const closure = new Set<string>();
    const visit = (name: string) => {
      if (closure.has(name)) return;
      closure.add(name);
      const chunk = bundle[name];
      if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
    };
    visit(file);
    closures.set(file, closure);
    return closure;
  };

  return {
    plugin: {
      name: 'aipm:preload-what-is-missing',
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = output;
          closures.clear();
        },
      },
    },
    resolveDependencies: (_file, deps, { hostId, hostType }) => (hostType === 'js' ? deps.filter((dep) => !loadedWith(hostId).has(dep)) : deps),
  };
}
