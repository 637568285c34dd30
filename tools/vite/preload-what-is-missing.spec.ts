import type { NormalizedOutputOptions, OutputBundle, OutputChunk, PluginContext } from 'rollup';
import { preloadWhatIsMissing } from './preload-what-is-missing';

/** A chunk of a bundle as far as the plugin reads it: its file name and static imports. */
const chunk = (fileName: string, imports: string[]) => ({ type: 'chunk', fileName, imports }) as unknown as OutputChunk;

/** The entry, react-admin's chunk it loads lazily, a lead list that chunk loads lazily, and the list's toolbar. */
const BUNDLE: OutputBundle = {
  'assets/index.js': chunk('assets/index.js', []),
  'assets/AdminApp.js': chunk('assets/AdminApp.js', ['assets/index.js']),
  'assets/Offline.js': chunk('assets/Offline.js', ['assets/index.js', 'assets/AdminApp.js']),
  'assets/LeadCells.js': chunk('assets/LeadCells.js', ['assets/index.js', 'assets/AdminApp.js', 'assets/Offline.js']),
  'assets/TextInput.js': chunk('assets/TextInput.js', ['assets/index.js']),
  'assets/LeadListToolbar.js': chunk('assets/LeadListToolbar.js', ['assets/index.js', 'assets/AdminApp.js', 'assets/Offline.js', 'assets/TextInput.js']),
};

function afterBundle() {
  const { plugin, resolveDependencies } = preloadWhatIsMissing();
  const hook = plugin.generateBundle as { handler: (this: PluginContext, options: NormalizedOutputOptions, bundle: OutputBundle, isWrite: boolean) => void };
  hook.handler.call({} as PluginContext, {} as NormalizedOutputOptions, BUNDLE, false);
  return resolveDependencies;
}

describe('preloadWhatIsMissing', () => {
  // Vite's list for import('./LeadListToolbar'): the chunk and all it imports, whoever imports it.
  const VITES = ['assets/LeadListToolbar.js', 'assets/index.js', 'assets/AdminApp.js', 'assets/Offline.js', 'assets/TextInput.js'];

  it("preloads for a lazy import only what its importer's static imports have not loaded", () => {
    const resolve = afterBundle();
    expect(resolve('assets/LeadListToolbar.js', VITES, { hostId: 'assets/LeadCells.js', hostType: 'js' })).toEqual(['assets/LeadListToolbar.js', 'assets/TextInput.js']);
    // From the entry, which imports nothing statically, all but the entry itself.
    expect(resolve('assets/LeadListToolbar.js', VITES, { hostId: 'assets/index.js', hostType: 'js' })).toEqual(VITES.filter((file) => file !== 'assets/index.js'));
  });

  it("leaves the HTML page's preloads alone", () => {
    const resolve = afterBundle();
    expect(resolve('assets/index.js', ['assets/index.js'], { hostId: 'index.html', hostType: 'html' })).toEqual(['assets/index.js']);
  });
});
