// Generated credentials of the embedded services, kept in <DATA_DIR>/secrets.json (mode 600) so data
// created on one run (a PostgreSQL cluster, Redis' AOF, signed sessions) stays usable on the next.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** URL-safe random string: usable in DATABASE_URL/REDIS_URL without escaping. */
export const randomSecret = (bytes) => crypto.randomBytes(bytes).toString('base64url');

export function openSecrets(file) {
  function readAll() {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      if (error.code === 'ENOENT') return {};
      throw new Error(`cannot read ${file} (${error.message}); fix or delete it`);
    }
  }

  return {
    file,
    /** The stored value of `name`, generated with `generate()` and saved on first use. */
    get(name, generate) {
      // Read and write synchronously: services ensure themselves in parallel within one process,
      // and a synchronous read-modify-write cannot interleave with another one.
      const all = readAll();
      if (typeof all[name] === 'string' && all[name]) return all[name];
      all[name] = generate();
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
      fs.renameSync(temporary, file); // atomic: a crash never leaves half a file
      fs.chmodSync(file, 0o600);
      return all[name];
    },
  };
}
