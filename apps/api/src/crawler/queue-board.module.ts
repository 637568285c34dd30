import { BACKUP_QUEUE, CRAWL_QUEUE, CRAWLER_DIAGNOSTICS_QUEUE, JOB_LIVENESS_QUEUE, MAINTENANCE_QUEUE, NOTIFY_QUEUE, PRIVACY_QUEUE } from '@aipm/queue';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { InjectQueue } from '@nestjs/bullmq';
import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { ApplicationConfig } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type express from 'express';
import type { NextFunction, Request, Response } from 'express';
import { isCrossSiteRequest } from '../auth/guards/same-origin.guard';
import { errorBody, statusOf } from '../common/errors/api-exception.filter';

/** Bull Board's path under the API's global prefix: /api/admin/queues. */
const QUEUE_BOARD_ROUTE = '/admin/queues';

/**
 * Bull Board is Express middleware, which Nest's guards never see: this puts the same rules in front of it
 * (administrator session, no cross-site state changes), answering like the rest of the API.
 */
function requireAdminSession(request: Request, response: Response, next: NextFunction): void {
  if (isCrossSiteRequest(request)) {
    response.status(statusOf('CROSS_SITE_REQUEST')).json(errorBody('CROSS_SITE_REQUEST'));
    return;
  }
  if (!request.isAuthenticated?.() || !request.user) {
    response.status(statusOf('UNAUTHORIZED')).json(errorBody('UNAUTHORIZED'));
    return;
  }
  next();
}

/** Bull Board's page without its web-font links (fonts.googleapis.com / fonts.gstatic.com). */
export function withoutThirdPartyFonts(page: string): string {
  return page.replace(/<link[^>]*fonts\.(googleapis|gstatic)\.com[^>]*>\s*/g, '');
}

type RenderEngine = (file: string, options: object, callback: (error: Error | null, html?: string) => void) => void;

/**
 * Bull Board's page without its web-font link: fonts.googleapis.com is blocked in mainland China and unreachable
 * offline, and the board must not tell a third party who opens it (docs/product/crawler.md#queue-board). The installed
 * template is rendered as it is and the link taken out of the rendered page, so an upgrade's asset names stay right
 * and nothing is written to disk: a rewritten template in the temporary directory outlived every start. The fonts
 * fall back to the system's sans-serif and monospace.
 */
export function renderWithoutThirdPartyFonts(adapter: ExpressAdapter): void {
  const app = adapter.getRouter() as express.Application & { engines: Record<string, RenderEngine | undefined> };
  const render = app.engines['.ejs'];
  if (!render) throw new Error('Bull Board renders no ejs page: its views are set by createBullBoard');
  app.engine('ejs', (file: string, options: object, callback: (error: Error | null, html?: string) => void) =>
    render(file, options, (error, html) => callback(error, html === undefined ? html : withoutThirdPartyFonts(html))),
  );
}

/**
 * Mounted by hand rather than through @bull-board/nestjs: its module is global, and Nest mounts the
 * middleware of global modules first, before AuthModule's session middleware, so the board could never
 * see the administrator's session. This module's middleware is mounted after AuthModule's.
 */
@Module({})
export class QueueBoardModule implements NestModule {
  private readonly adapter = new ExpressAdapter();

  constructor(
    @InjectQueue(CRAWL_QUEUE) crawl: Queue,
    @InjectQueue(NOTIFY_QUEUE) notify: Queue,
    @InjectQueue(CRAWLER_DIAGNOSTICS_QUEUE) diagnostics: Queue,
    @InjectQueue(MAINTENANCE_QUEUE) maintenance: Queue,
    @InjectQueue(PRIVACY_QUEUE) privacy: Queue,
    @InjectQueue(BACKUP_QUEUE) backups: Queue,
    @InjectQueue(JOB_LIVENESS_QUEUE) liveness: Queue,
    private readonly applicationConfig: ApplicationConfig,
  ) {
    // Every queue of QUEUE_NAMES (apps/api/test/crawler.e2e-spec.ts compares the board's list with it).
    const queues = [crawl, notify, diagnostics, maintenance, privacy, backups, liveness].map((queue) => new BullMQAdapter(queue));
    createBullBoard({ queues, serverAdapter: this.adapter });
    renderWithoutThirdPartyFonts(this.adapter);
  }

  configure(consumer: MiddlewareConsumer): void {
    this.adapter.setBasePath(`/${this.applicationConfig.getGlobalPrefix()}${QUEUE_BOARD_ROUTE}`);
    consumer.apply(requireAdminSession, this.adapter.getRouter()).forRoutes(QUEUE_BOARD_ROUTE);
  }
}
