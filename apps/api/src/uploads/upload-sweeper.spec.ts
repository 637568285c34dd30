import type { FileStore } from './file-store';
import type { StoredUploadsRepository } from './stored-uploads.repository';
import type { UploadReferencesRepository } from './upload-references.repository';
import { ABANDONED_INCOMING_AGE_MS, ABANDONED_UPLOAD_AGE_MS, UploadSweeper } from './upload-sweeper';

const NOW = new Date('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const HOUR = 60 * 60 * 1000;
let sequence = 0;
/** A stored key of the uploads' shape: `<folder>/<uuid>.<extension>`. */
const keyIn = (folder: 'contracts' | 'photos' | 'incoming/contracts', extension = 'pdf') => `${folder}/00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}.${extension}`;

/** The bucket in memory: each object's key and when it was written. */
class InMemoryFiles implements Pick<FileStore, 'list' | 'remove'> {
  readonly objects = new Map<string, Date>();

  async list(prefix: string) {
    return [...this.objects].filter(([key]) => key.startsWith(prefix)).map(([key, lastModified]) => ({ key, lastModified }));
  }

  async remove(keys: readonly string[]) {
    for (const key of keys) this.objects.delete(key);
  }
}

/** stored_uploads in memory: each key's claim time and whether its confirm finished. */
class InMemoryStoredUploads implements Pick<StoredUploadsRepository, 'forget' | 'forgetStalledClaims'> {
  readonly claims = new Map<string, { createdAt: Date; confirmed: boolean }>();

  async forget(keys: readonly string[]) {
    for (const key of keys) this.claims.delete(key);
  }

  async forgetStalledClaims(before: Date) {
    const stalled = [...this.claims].filter(([, claim]) => !claim.confirmed && claim.createdAt < before).map(([key]) => key);
    await this.forget(stalled);
    return stalled;
  }
}

describe(UploadSweeper.name, () => {
  let files: InMemoryFiles;
  let stored: InMemoryStoredUploads;
  let referenced: Set<string>;
  let sweeper: UploadSweeper;

  beforeEach(() => {
    files = new InMemoryFiles();
    stored = new InMemoryStoredUploads();
    referenced = new Set();
    const references: Pick<UploadReferencesRepository, 'referencedKeys'> = { referencedKeys: async () => referenced };
    sweeper = new UploadSweeper(files as unknown as FileStore, stored as unknown as StoredUploadsRepository, references as UploadReferencesRepository);
  });

  it('removes an incoming object once its hour is up, and nothing else under incoming/', async () => {
    const old = keyIn('incoming/contracts');
    const fresh = keyIn('incoming/contracts');
    files.objects.set(old, ago(ABANDONED_INCOMING_AGE_MS + 1)).set(fresh, ago(ABANDONED_INCOMING_AGE_MS - 60_000)).set('incoming/notes.txt', ago(48 * HOUR));
    expect(await sweeper.sweep(NOW)).toEqual([old]);
    expect([...files.objects.keys()]).toEqual([fresh, 'incoming/notes.txt']);
  });

  it('removes a stored file a day old that no record points at, with its confirmation, and keeps those a record has', async () => {
    const [onCard, onContract, unsaved, young] = [keyIn('contracts'), keyIn('contracts'), keyIn('photos', 'png'), keyIn('photos', 'png')];
    for (const key of [onCard, onContract, unsaved]) {
      files.objects.set(key, ago(ABANDONED_UPLOAD_AGE_MS + HOUR));
      stored.claims.set(key, { createdAt: ago(ABANDONED_UPLOAD_AGE_MS + HOUR), confirmed: true });
    }
    files.objects.set(young, ago(ABANDONED_UPLOAD_AGE_MS - HOUR));
    referenced = new Set([onCard, onContract]);
    expect(await sweeper.sweep(NOW)).toEqual([unsaved]);
    expect([...files.objects.keys()]).toEqual([onCard, onContract, young]);
    expect([...stored.claims.keys()]).toEqual([onCard, onContract]);
  });

  it('removes the object of a confirm that died between its claim and its answer', async () => {
    const stalled = keyIn('photos', 'png');
    files.objects.set(stalled, ago(HOUR));
    stored.claims.set(stalled, { createdAt: ago(ABANDONED_UPLOAD_AGE_MS + 1), confirmed: false });
    expect(await sweeper.sweep(NOW)).toEqual([stalled]);
    expect(files.objects.size).toBe(0);
  });

  it('asks which files records point at only when some file is old enough to go', async () => {
    let asked = 0;
    sweeper = new UploadSweeper(files as unknown as FileStore, stored as unknown as StoredUploadsRepository, {
      referencedKeys: async () => {
        asked++;
        return new Set<string>();
      },
    } as UploadReferencesRepository);
    files.objects.set(keyIn('contracts'), ago(HOUR));
    expect(await sweeper.sweep(NOW)).toEqual([]);
    expect(asked).toBe(0);
  });
});
