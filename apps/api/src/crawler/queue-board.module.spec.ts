import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { viewsWithoutThirdPartyFonts } from './queue-board.module';

describe(viewsWithoutThirdPartyFonts.name, () => {
  let tmpdir: string;
  beforeEach(() => {
    tmpdir = fs.mkdtempSync(path.join(os.tmpdir(), 'queue-board-spec-'));
  });
  afterEach(() => fs.rmSync(tmpdir, { recursive: true, force: true }));

  it('writes the board page without the third-party fonts once, and every later start reuses it', () => {
    const first = viewsWithoutThirdPartyFonts(tmpdir);
    const page = fs.readFileSync(path.join(first, 'index.ejs'), 'utf8');
    expect(page).toContain('<html');
    expect(page).not.toMatch(/fonts\.(googleapis|gstatic)\.com/);

    for (let start = 0; start < 3; start += 1) expect(viewsWithoutThirdPartyFonts(tmpdir)).toBe(first);
    // One folder, and no half-written file left beside the page.
    expect(fs.readdirSync(tmpdir)).toEqual([path.basename(first)]);
    expect(fs.readdirSync(first)).toEqual(['index.ejs']);
  });

  it('puts back a page someone changed', () => {
    const dir = viewsWithoutThirdPartyFonts(tmpdir);
    const original = fs.readFileSync(path.join(dir, 'index.ejs'), 'utf8');
    fs.writeFileSync(path.join(dir, 'index.ejs'), 'broken');
    expect(viewsWithoutThirdPartyFonts(tmpdir)).toBe(dir);
    expect(fs.readFileSync(path.join(dir, 'index.ejs'), 'utf8')).toBe(original);
  });
});
