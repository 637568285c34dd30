import { type NestLogger, quietNestStartup } from './startup-log';

describe('quietNestStartup', () => {
  function recording(): NestLogger & { calls: Array<[string, unknown[]]> } {
    const calls: Array<[string, unknown[]]> = [];
    const record = (level: string) => (...args: unknown[]) => void calls.push([level, args]);
    return { calls, log: record('log'), error: record('error'), warn: record('warn'), debug: record('debug'), verbose: record('verbose'), fatal: record('fatal') };
  }

  it("sends Nest's module and route lines to debug", () => {
    const inner = recording();
    const quiet = quietNestStartup(inner);
    quiet.log('TypeOrmModule dependencies initialized', 'InstanceLoader');
    quiet.log('Mapped {/api/registrations, POST} route', 'RouterExplorer');
    quiet.log('RegistrationsController {/api/registrations}:', 'RoutesResolver');
    quiet.log('Starting Nest application...', 'NestFactory');
    quiet.log('Nest application successfully started', 'NestApplication');
    expect(inner.calls.map(([level]) => level)).toEqual(['debug', 'debug', 'debug', 'debug', 'debug']);
    expect(inner.calls[0]).toEqual(['debug', ['TypeOrmModule dependencies initialized', 'InstanceLoader']]);
  });

  it("passes the application's own lines and every other level through unchanged", () => {
    const inner = recording();
    const quiet = quietNestStartup(inner);
    quiet.log('crawl worker listening (concurrency 2)', 'CrawlWorkerService');
    quiet.log('worker running');
    quiet.warn('a warning', 'InstanceLoader');
    quiet.error('a failure', 'stack', 'RouterExplorer');
    expect(inner.calls).toEqual([
      ['log', ['crawl worker listening (concurrency 2)', 'CrawlWorkerService']],
      ['log', ['worker running']],
      ['warn', ['a warning', 'InstanceLoader']],
      ['error', ['a failure', 'stack', 'RouterExplorer']],
    ]);
  });
});
