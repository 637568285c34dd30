import { GroupCommit, type GroupWriter } from './group-commit';

/** A writer whose statements end when the test says so, recording what each statement carried. */
class HeldWriter implements GroupWriter<number, string> {
  readonly statements: number[][] = [];
  private readonly held: (() => void)[] = [];
  failing = new Set<number>();

  writeBatch(items: readonly number[]): Promise<string[]> {
    return this.statement([...items]).then(() => {
      if (items.some((item) => this.failing.has(item))) throw new Error('the batch failed');
      return items.map((item) => `stored ${item}`);
    });
  }

  writeOne(item: number): Promise<string> {
    return this.statement([item]).then(() => {
      if (this.failing.has(item)) throw new Error(`item ${item} failed`);
      return `stored ${item}`;
    });
  }

  /** Lets every statement running now finish. */
  async finishRunning(): Promise<void> {
    this.held.splice(0).forEach((finish) => finish());
    await new Promise((resolve) => setImmediate(resolve));
  }

  private statement(items: number[]): Promise<void> {
    this.statements.push(items);
    return new Promise((resolve) => this.held.push(resolve));
  }
}

describe(GroupCommit.name, () => {
  it('writes a lone item at once, in a statement of its own', async () => {
    const writer = new HeldWriter();
    const commit = new GroupCommit(writer, { inFlight: 2, batch: 100 });

    const result = commit.write(1);
    expect(writer.statements).toEqual([[1]]);
    await writer.finishRunning();
    await expect(result).resolves.toBe('stored 1');
  });

  it('gathers the items that arrive while the statements in flight run, and answers each with its own result', async () => {
    const writer = new HeldWriter();
    const commit = new GroupCommit(writer, { inFlight: 2, batch: 100 });

    const results = [1, 2, 3, 4, 5].map((item) => commit.write(item));
    expect(writer.statements).toEqual([[1], [2]]);
    expect(commit.queued).toBe(3);

    await writer.finishRunning();
    expect(writer.statements).toEqual([[1], [2], [3, 4, 5]]);
    await writer.finishRunning();
    await expect(Promise.all(results)).resolves.toEqual(['stored 1', 'stored 2', 'stored 3', 'stored 4', 'stored 5']);
    expect(commit.queued).toBe(0);
  });

  it('answers no caller before its own statement has ended', async () => {
    const writer = new HeldWriter();
    const commit = new GroupCommit(writer, { inFlight: 1, batch: 100 });
    const answered: number[] = [];
    [1, 2, 3].forEach((item) => void commit.write(item).then(() => answered.push(item)));

    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toEqual([]);
    await writer.finishRunning();
    expect(answered).toEqual([1]);
    await writer.finishRunning();
    expect(answered).toEqual([1, 2, 3]);
  });

  it('puts no more than the batch limit in one statement', async () => {
    const writer = new HeldWriter();
    const commit = new GroupCommit(writer, { inFlight: 1, batch: 2 });
    const results = [1, 2, 3, 4, 5, 6].map((item) => commit.write(item));

    for (let round = 0; round < 4; round += 1) await writer.finishRunning();
    expect(writer.statements).toEqual([[1], [2, 3], [4, 5], [6]]);
    await expect(Promise.all(results)).resolves.toHaveLength(6);
  });

  it('writes a failed batch again item by item, so only the failing item is refused', async () => {
    const writer = new HeldWriter();
    writer.failing.add(3);
    const commit = new GroupCommit(writer, { inFlight: 1, batch: 100 });
    const results = [1, 2, 3, 4].map((item) => commit.write(item).catch((error: Error) => error.message));

    await writer.finishRunning(); // [1]
    await writer.finishRunning(); // [2, 3, 4] fails
    expect(writer.statements).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    await writer.finishRunning(); // each alone
    await expect(Promise.all(results)).resolves.toEqual(['stored 1', 'stored 2', 'item 3 failed', 'stored 4']);
  });

  it('refuses limits that would never write', () => {
    expect(() => new GroupCommit(new HeldWriter(), { inFlight: 0, batch: 10 })).toThrow();
    expect(() => new GroupCommit(new HeldWriter(), { inFlight: 1, batch: 0 })).toThrow();
  });
});
