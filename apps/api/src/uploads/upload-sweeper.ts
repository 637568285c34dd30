import { fileKeyOfAccessUrl, INCOMING_UPLOAD_KEY_PATTERN, INCOMING_UPLOAD_PREFIX } from '@aipm/contracts';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { FileStore } from './file-store';
import { StoredUploadsRepository } from './stored-uploads.repository';
import { isUploadKey } from './uploads.service';

/**
 * An upload no record points at after this long is abandoned: presigned but never confirmed, or confirmed
 * but never saved on a card or contract. A day leaves any form that is still open far behind.
 */
export const ABANDONED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;
/** An incoming object (ADR 036) older than this was never confirmed: its link lasted five minutes. */
export const ABANDONED_INCOMING_AGE_MS = 60 * 60 * 1000;
const FIRST_SWEEP_MS = 5 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const UPLOAD_FOLDERS = ['contracts/', 'photos/'];

/**
 * Removes abandoned uploads from storage (ADR 019): personal files must not stay in the bucket with no
 * record to find them by (PIPL). Idempotent, so several API processes sweeping at once do no harm.
 */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(UploadSweeper.name);
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly files: FileStore,
    private readonly stored: StoredUploadsRepository,
  ) {}

  onApplicationBootstrap(): void {
    // unref: a pending sweep never keeps a stopping process alive.
    this.timers.push(setTimeout(() => void this.sweepLogged(), FIRST_SWEEP_MS).unref(), setInterval(() => void this.sweepLogged(), SWEEP_INTERVAL_MS).unref());
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  /**
   * The keys removed at `now`: incoming objects older than {@link ABANDONED_INCOMING_AGE_MS} (never confirmed,
   * or a link used again after its confirm), and stored files older than {@link ABANDONED_UPLOAD_AGE_MS} that no
   * record references, with their confirmations.
   */
  async sweep(now = new Date()): Promise<string[]> {
    const olderThan = (age: number) => (object: { lastModified: Date }) => object.lastModified.getTime() < now.getTime() - age;
    const incoming = (await this.files.list(INCOMING_UPLOAD_PREFIX))
      .filter((object) => INCOMING_UPLOAD_KEY_PATTERN.test(object.key) && olderThan(ABANDONED_INCOMING_AGE_MS)(object))
      .map((object) => object.key);
    await this.files.remove(incoming);

    const listed = (await Promise.all(UPLOAD_FOLDERS.map((folder) => this.files.list(folder)))).flat();
    const old = listed.filter((object) => isUploadKey(object.key) && olderThan(ABANDONED_UPLOAD_AGE_MS)(object)).map((object) => object.key);
    const referenced = old.length > 0 ? await this.referencedKeys() : new Set<string>();
    const abandoned = old.filter((key) => !referenced.has(key));
    await this.files.remove(abandoned);
    await this.stored.forget(abandoned);
    // A confirm that died between its claim and its answer: the key was never handed out, so no record has it.
    const stalled = await this.stored.forgetStalledClaims(new Date(now.getTime() - ABANDONED_UPLOAD_AGE_MS));
    await this.files.remove(stalled);
    return [...new Set([...incoming, ...abandoned, ...stalled])];
  }

  private async sweepLogged(): Promise<void> {
    try {
      const removed = await this.sweep();
      if (removed.length > 0) this.logger.log(`removed ${removed.length} abandoned upload(s)`);
    } catch (error) {
      this.logger.warn(`upload sweep failed: ${(error as Error).message}`);
    }
  }

  /** Every key a record points at: a student's photo or one of their files (student_files, ADR 045). */
  private async referencedKeys(): Promise<Set<string>> {
    return new Set((await this.stored.referencedUrls()).map((url) => fileKeyOfAccessUrl(url)).filter((key): key is string => !!key));
  }
}
