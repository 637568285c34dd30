// promtool, to check and test the alert rules (ops/prometheus): the one on PATH, else the binary of Debian's
// `prometheus` package, downloaded (not installed: no daemon, no dependencies) and unpacked once into
// <DATA_DIR>/tools/prometheus. promtool is one static Go binary.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findExecutable, pathDirs } from './proc.mjs';

/** @param {string} dataDir @returns {string} the path of promtool */
export function ensurePromtool(dataDir) {
  const onPath = findExecutable('promtool', pathDirs());
  if (onPath) return onPath;
  const folder = path.join(dataDir, 'tools', 'prometheus');
  const binary = path.join(folder, 'usr', 'bin', 'promtool');
  if (fs.existsSync(binary)) return binary;
  const download = fs.mkdtempSync(path.join(os.tmpdir(), 'aipm-promtool-'));
  try {
    // apt-get download writes the .deb into the working directory, as any user.
    execFileSync('apt-get', ['download', 'prometheus'], { cwd: download, stdio: 'pipe' });
    const deb = fs.readdirSync(download).find((name) => name.endsWith('.deb'));
    if (!deb) throw new Error('apt-get download prometheus wrote no .deb');
    fs.mkdirSync(folder, { recursive: true });
    execFileSync('dpkg-deb', ['-x', path.join(download, deb), folder], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`promtool is not on PATH and Debian's prometheus package could not be fetched: ${error.message}. Install promtool, or run where apt-get reaches Debian's archive.`);
  } finally {
    fs.rmSync(download, { recursive: true, force: true });
  }
  // Only the tool is kept; the server binary beside it is not needed here.
  fs.rmSync(path.join(folder, 'usr', 'bin', 'prometheus'), { force: true });
  return binary;
}
