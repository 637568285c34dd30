import { Injectable, Logger } from '@nestjs/common';
import type { SiteSettings } from '@aipm/contracts';

export type SiteSettingsListener = (settings: SiteSettings, updatedAt: string) => void | Promise<void>;

/**
 * The API's one "site settings changed" point: SiteSettingsService.save calls `changed` after its transaction
 * commits. Whatever must follow a change on this side (an audit entry, a purge request to a page cache) subscribes
 * here; the web server notices the change by itself through the public read's `updatedAt` (ADR 025).
 */
@Injectable()
export class SiteSettingsChanges {
  private readonly logger = new Logger(SiteSettingsChanges.name);
  private readonly listeners = new Set<SiteSettingsListener>();

  /** @returns a function that unsubscribes */
  subscribe(listener: SiteSettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A listener's failure is logged, never the administrator's: the settings are saved already. */
  async changed(settings: SiteSettings, updatedAt: string): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(settings, updatedAt);
      } catch (error) {
        this.logger.warn(`a site-settings listener failed: ${String(error)}`);
      }
    }
  }
}
