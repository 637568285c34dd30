/**
 * react-admin's CSV exporter (ra-core's defaultExporter) imports jsonexport into every list, though no list of
 * the back office uses it (each sets `exporter={false}`; the leads' export is the API's, ExportCsvButton.tsx).
 * vite.config.ts points that import here, so the converter is a chunk fetched on the first call (ADR 040).
 * jsonexport answers through its callback, so the call's contract is unchanged.
 */
type Callback = (error: Error | null, csv: string) => void;

export default function jsonExport(...args: [unknown, ...unknown[]]): void {
  // Without ".js": the alias in vite.config.ts matches only the exact specifier ra-core uses.
  void import('jsonexport/dist/index').then(
    (module) => module.default(...args),
    (error: Error) => (args.find((arg) => typeof arg === 'function') as Callback | undefined)?.(error, ''),
  );
}
