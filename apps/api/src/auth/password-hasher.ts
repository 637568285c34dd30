import { hash, verify } from '@node-rs/argon2';
import { Injectable } from '@nestjs/common';
import { Semaphore } from './semaphore';

/**
 * argon2 work at once. Each hash or verification takes ~19 MiB and a libuv thread for tens of milliseconds;
 * with two cores, more at once only makes every one slower and starves file and DNS work sharing the pool.
 */
export const PASSWORD_HASHING_CONCURRENCY = 2;

/**
 * argon2id (the @node-rs/argon2 default) with its recommended cost (19 MiB, 2 passes). The dummy hash
 * lets a login for an unknown email spend the same time as one for a known email, so timing does not
 * tell whether an account exists. Every hash and verification waits for a turn (a login burst queues).
 */
@Injectable()
export class PasswordHasher {
  private dummyHash?: Promise<string>;
  private readonly turns = new Semaphore(PASSWORD_HASHING_CONCURRENCY);

  hash(password: string): Promise<string> {
    return this.turns.run(() => hash(password));
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await this.turns.run(() => verify(passwordHash, password));
    } catch {
      return false; // a malformed stored hash never signs anyone in
    }
  }

  /** Burns one verification's worth of time when there is no user to check against. */
  async verifyNothing(password: string): Promise<void> {
    this.dummyHash ??= this.hash('no-such-user-dummy-password');
    const dummy = await this.dummyHash;
    await this.turns.run(() => verify(dummy, password)).catch(() => false);
  }

  /** Hashing work running and queued now (health details, tests of the bound). */
  get load(): { active: number; waiting: number } {
    return this.turns.load;
  }
}
