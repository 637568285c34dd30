import { formatIsoDate } from '@aipm/contracts';
import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * PAY-{yyyymmdd}-{6 upper-case letters or digits} (docs/product/students.md#payment-number), the day in China
 * time. 36^6 ≈ 2.2 billion suffixes a day: a collision is rare, and the unique index plus a retry (PaymentsService)
 * settles it. crypto's randomInt draws each character without modulo bias.
 */
@Injectable()
export class PaymentNumberGenerator {
  next(now = new Date()): string {
    let suffix = '';
    for (let index = 0; index < 6; index += 1) suffix += ALPHABET[randomInt(ALPHABET.length)];
    return `PAY-${formatIsoDate(now).replace(/-/g, '')}-${suffix}`;
  }
}
