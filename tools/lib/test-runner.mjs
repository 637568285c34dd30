// What the test commands (tools/test.mjs, test-affected.mjs, test-flaky.mjs) share: reading their arguments
// with a usage text, and running a step in this terminal.
import { spawn } from 'node:child_process';

/**
 * `parse(argv)` → options, or the usage on stderr and exit 2 when it throws; with `--help` (options.help) the
 * usage on stdout and exit 0.
 */
export function optionsOrExit(parse, help, argv = process.argv.slice(2)) {
  let options;
  try {
    options = parse(argv);
  } catch (error) {
    process.stderr.write(`${error.message}\n${help}`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(help);
    process.exit(0);
  }
  return options;
}

/** Runs one command in `cwd` with this terminal; resolves its exit code (127 when it cannot start, 128 + n for a signal). */
export function runStep([file, ...args], cwd) {
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd, stdio: 'inherit' });
    child.on('error', () => resolve(127));
    child.on('exit', (code, signal) => resolve(code ?? 128 + (signal === 'SIGINT' ? 2 : 15)));
  });
}
