import { readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * /admin/login paints before react-admin's CssBaseline, which the sign-in page never loads: the page's HTML carries the
 * two rules it needs, inline, so they cost no JavaScript (tools/bench/admin-first-load.budget.json). Checked in the
 * browser by e2e/smoke/one-origin.e2e.ts; here, that the rules are in the page.
 */
const html = readFileSync(path.join(__dirname, '../../index.html'), 'utf8');
const inlineCss = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!).join(' ');

describe('the back office page (apps/admin/index.html)', () => {
  it('has no browser margin around it: no white 8 px frame around /admin/login', () => {
    expect(inlineCss).toMatch(/(^|\})\s*body\s*\{[^}]*\bmargin:\s*0\b/);
  });

  it('sizes boxes border-box, so the sign-in page\'s full-height box does not scroll', () => {
    expect(inlineCss).toMatch(/html\s*\{[^}]*box-sizing:\s*border-box/);
  });
});
