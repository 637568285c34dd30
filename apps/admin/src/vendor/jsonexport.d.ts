/** jsonexport ships no types; only jsonexport-on-demand.ts imports it. */
declare module 'jsonexport/dist/index' {
  const jsonExport: (...args: unknown[]) => void;
  export default jsonExport;
}
