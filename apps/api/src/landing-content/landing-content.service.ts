import { defaultLandingContent, formatIsoDate, type LandingContent, type LandingDraft, type LandingPublication, type LandingPublicationSummary, landingContentFailures } from '@aipm/contracts';
import type { LandingPublication as PublicationRow } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { CohortsService } from '../cohorts/cohorts.service';
import { ApiError, InvalidInputError } from '../common/errors/api.error';
import { LandingContentRepository } from './landing-content.repository';

/** Key order aside (jsonb keeps its own), whether two contents say the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** `content` if it keeps every rule of the declaration, else a 400 naming each failing field with its own message. */
function valid(content: unknown): LandingContent {
  const failures = landingContentFailures(content);
  if (failures.length > 0) {
    throw new InvalidInputError({
      errors: Object.fromEntries(failures.map((failure) => [failure.path, failure.message])),
      fieldCodes: Object.fromEntries(failures.map((failure) => [failure.path, failure.code])),
    });
  }
  return content as LandingContent;
}

const summary = (row: PublicationRow): LandingPublicationSummary => ({
  id: row.id,
  publishedAt: row.publishedAt.toISOString(),
  publishedBy: row.publishedBy,
  restoredFrom: row.restoredFrom,
});

/**
 * The landing page's content (docs/product/public-site.md#content-edited-in-the-back-office, ADR 074): a draft the
 * administrator saves, publications that make it live (each kept), a restore that publishes an earlier one again.
 */
@Injectable()
export class LandingContentService {
  constructor(
    private readonly repository: LandingContentRepository,
    private readonly cohorts: CohortsService,
  ) {}

  /**
   * The live publication. A fresh install has none: its first is made now from the spec's content, with the
   * early-bird deadlines before the next open cohort known at this moment (none without one).
   */
  async live(now = new Date()): Promise<LandingPublication> {
    const row = (await this.repository.live()) ?? (await this.publishFirst(now));
    return { ...summary(row), content: row.content };
  }

  liveId(): Promise<number | null> {
    return this.repository.liveId();
  }

  private async publishFirst(now: Date): Promise<PublicationRow> {
    const today = formatIsoDate(now);
    const next = await this.cohorts.nextOpen(today);
    return this.repository.publishFirst(defaultLandingContent(next?.startDate ?? null, today));
  }

  /** The draft, or the live content when no draft was saved since. */
  async draft(): Promise<LandingDraft> {
    const [live, stored] = await Promise.all([this.live(), this.repository.draft()]);
    if (!stored) return { content: live.content, savedAt: null, unpublished: false };
    return { content: stored.content, savedAt: stored.savedAt.toISOString(), unpublished: canonical(stored.content) !== canonical(live.content) };
  }

  /** Saved only when every field keeps the declaration's rules: each failing field is named with its own message. */
  async saveDraft(content: unknown): Promise<LandingDraft> {
    await this.repository.saveDraft(valid(content));
    return this.draft();
  }

  /** The draft goes live as a new publication (the live content again when there is no draft). */
  async publish(publishedBy: string): Promise<LandingPublicationSummary> {
    const { content } = await this.draft();
    // Checked again: a draft saved under older rules is not published past the current ones.
    return summary(await this.repository.publish(valid(content), publishedBy, null));
  }

  async history(): Promise<LandingPublicationSummary[]> {
    await this.live();
    return (await this.repository.history()).map(summary);
  }

  async publication(id: number): Promise<LandingPublication> {
    const row = await this.repository.byId(id);
    if (!row) throw new ApiError('LANDING_PUBLICATION_NOT_FOUND');
    return { ...summary(row), content: row.content };
  }

  /** An earlier publication live again, as a new publication that names it; the draft becomes it too. */
  async restore(id: number, publishedBy: string): Promise<LandingPublicationSummary> {
    const earlier = await this.publication(id);
    return summary(await this.repository.publish(earlier.content as LandingContent, publishedBy, earlier.id));
  }
}
