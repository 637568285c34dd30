#!/usr/bin/env node
// `npm run test:affected`: the developer's loop. Only the Jest projects and journeys a change can reach: the files
// changed since --base (committed, uncommitted and untracked), the Nx projects they affect (Nx's project graph),
// their Jest projects, and the journey folders those paths map to (tools/lib/affected.mjs). `npm test` still
// runs everything before a change lands.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { affectedJestProjects, affectedJourneys } from './lib/affected.mjs';
import { optionsOrExit, runStep } from './lib/test-runner.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const HELP = `Usage: npm run test:affected -- [--base <git ref>] [--dry-run]

Runs the Jest projects and the Playwright journey folders that the files changed since <base> can affect.
  --base <ref>  compare with this commit (default: main, Nx's defaultBase); uncommitted and untracked files count
  --dry-run     print what would run, and why, without running it
`;

function parseArgs(argv) {
  const options = { base: 'main', dryRun: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--base') options.base = argv[(i += 1)];
    else if (arg.startsWith('--base=')) options.base = arg.slice('--base='.length);
    else if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!options.base) throw new Error('--base needs a git ref');
  return options;
}

const git = (...args) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).split('\n').filter(Boolean);

/** Files changed since the merge base with `base`, in the work tree too (staged, unstaged, untracked). */
function changedFiles(base) {
  const [mergeBase] = git('merge-base', base, 'HEAD');
  return [...new Set([...git('diff', '--name-only', mergeBase), ...git('ls-files', '--others', '--exclude-standard')])].sort();
}

/** Nx's answer for these files: the projects they touch and every project that depends on one of those. */
function affectedNxProjects(files) {
  if (files.length === 0) return [];
  const out = execFileSync('npx', ['nx', 'show', 'projects', '--affected', `--files=${files.join(',')}`], { cwd: repoRoot, encoding: 'utf8' });
  return out.split('\n').map((line) => line.trim()).filter((line) => line.startsWith('@'));
}

const options = optionsOrExit(parseArgs, HELP);
const files = changedFiles(options.base);
const jestProjects = affectedJestProjects(affectedNxProjects(files), files);
const journeys = affectedJourneys(files);
process.stderr.write(
  `test:affected: ${files.length} file(s) changed since ${options.base}\n` +
    `  Jest projects: ${jestProjects.length ? jestProjects.join(', ') : 'none'}\n` +
    `  journeys: ${journeys.length ? journeys.map((folder) => `e2e/${folder}`).join(', ') : 'none'}\n`,
);
if (options.dryRun || (jestProjects.length === 0 && journeys.length === 0)) process.exit(0);

const steps = [['npm', 'run', 'build']];
if (jestProjects.length) steps.push(['node', 'tools/with-services.mjs', '--profile', 'test', '--', 'jest', '--selectProjects', ...jestProjects]);
// One worker and no project dependencies: only the chosen journeys run, one at a time, so those that change shared
// state cannot disturb the others (the full run's stages, playwright.config.ts, would first run every such journey).
if (journeys.length) steps.push(['npx', 'playwright', 'test', ...journeys.map((folder) => `e2e/${folder}/`), '--no-deps', '--workers', '1']);
for (const step of steps) {
  const code = await runStep(step, repoRoot);
  if (code !== 0) process.exit(code);
}
