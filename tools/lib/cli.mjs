// Command-line handling of tools/with-services.mjs, kept free of side effects so it can be tested.
import path from 'node:path';
import { PROFILES } from './env.mjs';
import { findExecutable } from './proc.mjs';

/** `[--profile dev|test] [--keep] [--help] [--] command args…` → { profile, keep, help, command } */
export function parseCliArgs(argv) {
  const options = { profile: 'dev', keep: false, help: false, command: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--') {
      options.command = argv.slice(i + 1);
      break;
    } else if (arg === '--keep') options.keep = true;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg === '--profile' || arg.startsWith('--profile=')) {
      options.profile = arg.includes('=') ? arg.slice('--profile='.length) : argv[(i += 1)];
      if (!PROFILES.includes(options.profile)) throw new Error(`--profile must be one of ${PROFILES.join(', ')}`);
    } else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else {
      options.command = argv.slice(i); // the command starts at the first word that is not an option
      break;
    }
  }
  if (!options.help && options.keep === (options.command.length > 0)) {
    throw new Error(options.keep ? '--keep takes no command' : 'give a command after --, or --keep');
  }
  return options;
}

/** PATH for commands we run: the repo's node_modules/.bin first, so `jest` is the workspace's. */
export function commandPath(repoRoot, env = process.env) {
  return [path.join(repoRoot, 'node_modules', '.bin'), env.PATH].filter(Boolean).join(path.delimiter);
}

/** Absolute path of `command` (a bare name is looked up in PATH), or throws "not found". */
export function resolveCommand(command, searchPath) {
  if (command.includes('/')) return path.resolve(command);
  const found = findExecutable(command, searchPath.split(path.delimiter));
  if (!found) throw new Error(`command not found: ${command} (looked in node_modules/.bin and PATH)`);
  return found;
}
