import { LeadNotification } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, IsNull } from 'typeorm';

/** The lead a call announces: a registration or a consultation message. */
export type LeadReference = { registrationId: string } | { contactMessageId: string };

/** The outbox rows of new-lead calls (`lead_notifications`, ADR 021) as the relay reads and marks them (ADR 044). */
@Injectable()
export class LeadNotificationOutboxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A row for the lead, in the transaction that stores the lead. */
  async add(manager: EntityManager, lead: LeadReference): Promise<void> {
    await manager.insert(LeadNotification, lead);
  }

  /** The ids of at most `limit` rows not queued yet, oldest first. */
  async unqueued(limit: number): Promise<string[]> {
    const rows = await this.dataSource.getRepository(LeadNotification).find({
      select: { id: true },
      where: { enqueuedAt: IsNull() },
      order: { createdAt: 'ASC' },
      take: limit,
    });
    return rows.map((row) => row.id);
  }

  async markQueued(ids: readonly string[]): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(LeadNotification)
      .set({ enqueuedAt: () => 'now()' })
      .whereInIds([...ids])
      .execute();
  }
}
