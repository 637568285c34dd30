import { collectDefaultMetrics, Registry } from 'prom-client';

export type AppName = 'api' | 'worker' | 'web';

/** One process's metrics: the Node.js process's own (CPU, memory, event loop, GC) and the app's, labelled by app. */
export function createRegistry(app: AppName): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ app });
  collectDefaultMetrics({ register: registry, prefix: 'aipm_' });
  return registry;
}
