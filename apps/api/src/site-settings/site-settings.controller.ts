import { cohortStartOf, formatIsoDate, type PublicSiteSettingsResponse, reportedHeroFigures, SITE_SETTINGS_MESSAGES, type SiteSettingsResponse } from '@aipm/contracts';
import { SaveSiteSettingsDto } from '@aipm/contracts/dto';
import { Body, Controller, Get, Header, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { ApiDataAnswer, ApiFailures, ApiJsonBody } from '../common/openapi/api-answers';
import { dateTime, nullable } from '../common/openapi/schemas';
import { HERO_FIGURES } from '../outcomes-report/docs/outcomes-report.docs';
import { SAVE_SITE_SETTINGS_BODY, SITE_SETTINGS } from './docs/site-settings.docs';
import { CohortsService } from '../cohorts/cohorts.service';
import { OutcomesReportService } from '../outcomes-report/outcomes-report.service';
import { SiteSettingsService } from './site-settings.service';
import { Audited } from '../audit/audited.decorator';

const UPDATED_AT = { updatedAt: nullable(dateTime('2026-11-24T08:30:00.000Z')) };

@ApiTags('public')
@Controller('site-settings')
export class PublicSiteSettingsController {
  constructor(
    private readonly settings: SiteSettingsService,
    private readonly cohorts: CohortsService,
    private readonly report: OutcomesReportService,
  ) {}

  /** Read by the web server's loaders (briefly cached there); `updatedAt` tells it that the settings changed. */
  @Get()
  @Public()
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(SITE_SETTINGS, { description: 'The settings, defaults for any never saved', extra: { ...UPDATED_AT, heroFigures: HERO_FIGURES } })
  @ApiOperation({
    summary:
      'What the public site shows of the next cohort (from the next open cohort when there is one), the fees, the contact details, and the hero figures the settings take from the outcomes report',
  })
  async read(): Promise<PublicSiteSettingsResponse> {
    const now = new Date();
    const [{ settings, updatedAt }, next] = await Promise.all([this.settings.read(), this.cohorts.nextOpen(formatIsoDate(now))]);
    // Measured only when asked for: the report reads every student (docs/product/outcomes-report.md#on-the-landing-page).
    const fromReport = settings.heroStudentsSource === 'report' || settings.heroCompletionSource === 'report';
    const heroFigures = fromReport ? reportedHeroFigures(await this.report.heroFigures(now), settings) : {};
    // The next open cohort's start, when there is one, over the settings' own (docs/product/cohorts.md#the-next-cohort-on-the-site).
    return { success: true, data: next ? { ...settings, ...cohortStartOf(next.startDate) } : settings, updatedAt, heroFigures };
  }
}

@ApiTags('admin: site settings')
@Controller('admin/site-settings')
export class SiteSettingsAdminController {
  constructor(private readonly settings: SiteSettingsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiDataAnswer(SITE_SETTINGS, { description: 'The settings, defaults for any never saved', extra: UPDATED_AT })
  @ApiOperation({ summary: 'The site settings for the back-office form' })
  async read(): Promise<SiteSettingsResponse> {
    const { settings, updatedAt } = await this.settings.read();
    return { success: true, data: settings, updatedAt };
  }

  @Put()
  @Audited({ action: 'settings.site.change', entity: 'site_settings', snapshot: async ({ moduleRef }) => ({ ...(await moduleRef.get(SiteSettingsService, { strict: false }).read()).settings }) })
  @ApiJsonBody(SaveSiteSettingsDto, SAVE_SITE_SETTINGS_BODY, 'Every setting; the public site shows them within seconds')
  @ApiDataAnswer(SITE_SETTINGS, { description: 'The settings as saved', message: SITE_SETTINGS_MESSAGES.saved, extra: UPDATED_AT })
  @ApiFailures('FEE_RANGE_INVERTED')
  @ApiOperation({ summary: 'Saves the site settings (fee range min ≤ max: FEE_RANGE_INVERTED)' })
  async save(@Body() dto: SaveSiteSettingsDto): Promise<SiteSettingsResponse & { message: string }> {
    const { settings, updatedAt } = await this.settings.save(dto);
    return { success: true, message: SITE_SETTINGS_MESSAGES.saved, data: settings, updatedAt };
  }
}
