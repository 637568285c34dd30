import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The site's stylesheet, where the legal pages' table is laid out. */
const css = readFileSync(path.join(__dirname, '../styles/global.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The declarations of every rule whose selector list names `selector` (each rule is "selectors { declarations }"). */
function declarationsFor(selector: string): string[] {
  return css
    .split('}')
    .map((rule) => rule.split('{'))
    .filter((parts) => parts.length >= 2 && parts.at(-2)!.split(',').some((part) => part.trim() === selector))
    .map((parts) => parts.at(-1)!.trim());
}

describe('the cookie policy\'s table (docs/product/public-site.md#legal-pages)', () => {
  it('lets its cells break long cookie names and lifetimes anywhere, so it fits a 375 px phone', () => {
    // Chromium at 375 px measured the English table 13 px wider than the screen without it ("(aipm.student-device)").
    for (const cell of ['.legal-table th', '.legal-table td']) {
      expect(declarationsFor(cell).join(' ')).toMatch(/overflow-wrap:\s*anywhere/);
    }
    expect(declarationsFor('.legal-table').join(' ')).not.toMatch(/white-space:\s*nowrap/);
  });
});
