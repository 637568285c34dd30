// CPU time of local processes from /proc (Linux), for benches that share the machine with what they measure:
// how much the API, PostgreSQL and the generator each spent on the work, beside the throughput.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux architecture Node runs on

/** Every process now: pid → { ppid, own, reaped } in ticks (own = utime + stime, reaped = cutime + cstime). */
export function processTable() {
  const table = new Map();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields start after its last ')'.
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      table.set(Number(entry), { ppid: Number(fields[1]), own: Number(fields[11]) + Number(fields[12]), reaped: Number(fields[13]) + Number(fields[14]) });
    } catch {
      // ended while listing
    }
  }
  return table;
}

/**
 * CPU seconds spent so far by `pid`, the children it has reaped and its live descendants: a PostgreSQL
 * postmaster with its backends, or the API's primary with its workers. Compare two readings over a phase.
 */
export function treeCpuSeconds(pid, table = processTable()) {
  const root = table.get(pid);
  if (!root) return Number.NaN;
  let ticks = root.own + root.reaped;
  const walk = (parent) => {
    for (const [child, process] of table) {
      if (process.ppid !== parent) continue;
      ticks += process.own; // its reaped children count when it is reaped itself, into root.reaped
      walk(child);
    }
  };
  walk(pid);
  return ticks / TICKS_PER_SECOND;
}

/** The postmaster of the PostgreSQL server `client` is connected to, when that server runs on this machine. */
export async function postmasterPid(client) {
  const { rows } = await client.query('SELECT pg_backend_pid() AS pid');
  return processTable().get(rows[0].pid)?.ppid;
}

/** The Redis server `redis` (an ioredis client) is connected to, when it runs on this machine. */
export async function redisServerPid(redis) {
  const pid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
  return processTable().has(pid) ? pid : undefined;
}
