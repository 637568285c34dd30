/**
 * node-polyglot (react-admin's translator) requires the `object.entries` shim, whose es-shims helpers
 * (get-intrinsic, call-bind, define-properties…) put ~45 KB raw into react-admin's chunk although every
 * browser the back office supports has Object.entries (vite.config.ts points the require here; ADR 079).
 */
export default Object.entries;
