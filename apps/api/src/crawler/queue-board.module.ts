import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BACKUP_QUEUE, CRAWL_QUEUE, CRAWLER_DIAGNOSTICS_QUEUE, JOB_LIVENESS_QUEUE, MAINTENANCE_QUEUE, NOTIFY_QUEUE, PRIVACY_QUEUE } from '@aipm/queue';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { InjectQueue } from '@nestjs/bullmq';
import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { ApplicationConfig } from '@nestjs/core';
import type { Queue } from 'bullmq';
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

/**
 * Bull Board's page template without its web-font link: fonts.googleapis.com is blocked in mainland China and
 * unreachable offline, and the board must not tell a third party who opens it (docs/product/crawler.md#queue-board).
 * Derived at start from the installed template, so the asset names of an upgrade stay right; the fonts fall back to the
 * system's sans-serif and monospace. One folder per template (named by its hash), made once and reused by every
 * start and every API process: a new folder per start left one behind in the temporary directory each time.
 */
export function viewsWithoutThirdPartyFonts(tmpdir = os.tmpdir()): string {
  const uiDist = path.join(path.dirname(require.resolve('@bull-board/ui/package.json')), 'dist');
  const template = fs.readFileSync(path.join(uiDist, 'index.ejs'), 'utf8');
  const page = template.replace(/<link[^>]*fonts\.(googleapis|gstatic)\.com[^>]*>\s*/g, '');
  const dir = path.join(tmpdir, `aipm-queue-board-${createHash('sha256').update(page).digest('hex').slice(0, 16)}`);
  const file = path.join(dir, 'index.ejs');
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === page) return dir;
  fs.mkdirSync(dir, { recursive: true });
  // Written aside and renamed: API processes starting together never read half a page.
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, page);
  fs.renameSync(partial, file);
  return dir;
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
    this.adapter.setViewsPath(viewsWithoutThirdPartyFonts());
  }

  configure(consumer: MiddlewareConsumer): void {
    this.adapter.setBasePath(`/${this.applicationConfig.getGlobalPrefix()}${QUEUE_BOARD_ROUTE}`);
    consumer.apply(requireAdminSession, this.adapter.getRouter()).forRoutes(QUEUE_BOARD_ROUTE);
  }
}
