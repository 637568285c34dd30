/** How a group commit writes: many items in one statement, or one alone. */
export interface GroupWriter<Item, Result> {
  /** Writes every item in one statement (one transaction); answers one result per item, in the items' order. */
  writeBatch(items: readonly Item[]): Promise<readonly Result[]>;
  /** Writes one item in its own statement. */
  writeOne(item: Item): Promise<Result>;
}

export interface GroupCommitLimits {
  /** Statements in flight at once; items arriving meanwhile wait and go together in the next one. */
  inFlight: number;
  /** Items per statement at most (a statement holds its rows' locks until it commits). */
  batch: number;
}

interface Waiting<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * Group commit (ADR 033): while `limits.inFlight` statements are running, the writes that arrive wait, and the
 * next statement takes all of them (up to `limits.batch`) in one transaction. Each caller is answered once its
 * own statement has committed, so nothing is acknowledged before it is stored. A lone write goes at once, so an
 * idle server adds no delay; under load the database pays for one statement and one commit per batch instead
 * of per item.
 *
 * One failing item fails its whole statement: the batch is then written again item by item, so only that item's
 * caller sees the error. Hand-written because the libraries that batch (DataLoader and the like) gather by event
 * loop tick and have no notion of statements in flight, which is what sizes a batch here.
 */
export class GroupCommit<Item, Result> {
  private readonly waiting: Waiting<Item, Result>[] = [];
  private inFlight = 0;

  constructor(
    private readonly writer: GroupWriter<Item, Result>,
    private readonly limits: GroupCommitLimits,
  ) {
    if (!(limits.inFlight >= 1 && limits.batch >= 1)) throw new Error('GroupCommit needs at least one statement in flight and one item per batch');
  }

  /** Resolves with the item's result once it is committed; rejects with its own statement's error. */
  write(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.startStatements();
    });
  }

  /** Writes waiting for a statement (for tests and diagnostics). */
  get queued(): number {
    return this.waiting.length;
  }

  private startStatements(): void {
    while (this.inFlight < this.limits.inFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.limits.batch);
      this.inFlight += 1;
      void this.commit(batch).finally(() => {
        this.inFlight -= 1;
        this.startStatements();
      });
    }
  }

  private async commit(batch: Waiting<Item, Result>[]): Promise<void> {
    if (batch.length > 1) {
      let results: readonly Result[] | undefined;
      try {
        results = await this.writer.writeBatch(batch.map(({ item }) => item));
      } catch {
        results = undefined; // written again one by one below, where each caller gets its own answer
      }
      if (results?.length === batch.length) {
        batch.forEach((waiting, index) => waiting.resolve(results[index] as Result));
        return;
      }
    }
    await Promise.all(batch.map((waiting) => this.writer.writeOne(waiting.item).then(waiting.resolve, waiting.reject)));
  }
}
