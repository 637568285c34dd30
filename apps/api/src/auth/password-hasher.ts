import { hash, verify } from '@node-rs/argon2';
import { Injectable } from '@nestjs/common';

/**
 * argon2id (the @node-rs/argon2 default) with its recommended cost (19 MiB, 2 passes). The dummy hash
 * lets a login for an unknown email spend the same time as one for a known email, so timing does not
 * tell whether an account exists.
 */
@Injectable()
export class PasswordHasher {
  private dummyHash?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false; // a malformed stored hash never signs anyone in
    }
  }

  /** Burns one verification's worth of time when there is no user to check against. */
  async verifyNothing(password: string): Promise<void> {
    this.dummyHash ??= hash('no-such-user-dummy-password');
    await verify(await this.dummyHash, password).catch(() => false);
  }
}
