import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBullBoard } from '@bull-board/api';
import { ExpressAdapter } from '@bull-board/express';
import request from 'supertest';
import { renderWithoutThirdPartyFonts, withoutThirdPartyFonts } from './queue-board.module';

describe(renderWithoutThirdPartyFonts.name, () => {
  let tmpdir: string;
  beforeEach(() => {
    // A temporary directory of the test's own (jest's process.env is not the one os.tmpdir reads), so whatever a start leaves there is seen.
    tmpdir = fs.mkdtempSync(path.join(os.tmpdir(), 'queue-board-spec-'));
    jest.spyOn(os, 'tmpdir').mockReturnValue(tmpdir);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    fs.rmSync(tmpdir, { recursive: true, force: true });
  });

  function startBoard(): ExpressAdapter {
    const adapter = new ExpressAdapter();
    createBullBoard({ queues: [], serverAdapter: adapter });
    renderWithoutThirdPartyFonts(adapter);
    adapter.setBasePath('/api/admin/queues');
    return adapter;
  }

  it('serves the board page without the third-party fonts, and a start leaves nothing in the temporary directory', async () => {
    expect(os.tmpdir()).toBe(tmpdir);
    for (let start = 0; start < 3; start += 1) {
      const page = await request(startBoard().getRouter()).get('/').expect(200);
      expect(page.text).toContain('<html');
      expect(page.text).toContain('/api/admin/queues');
      expect(page.text).not.toMatch(/fonts\.(googleapis|gstatic)\.com/);
    }
    expect(fs.readdirSync(tmpdir)).toEqual([]);
  });

  it('takes out only the font links', () => {
    const page = '<head>\n<link rel="preconnect" href="https://fonts.gstatic.com">\n<link href="https://fonts.googleapis.com/css2?family=Inter" rel="stylesheet">\n<link rel="icon" href="favicon.ico"></head>';
    expect(withoutThirdPartyFonts(page)).toBe('<head>\n<link rel="icon" href="favicon.ico"></head>');
  });
});
