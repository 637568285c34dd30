import { sharePageKey } from '@aipm/contracts';
import type { CreateWechatShareConfigDto, UpdateWechatShareConfigDto } from '@aipm/contracts/dto';
import { WechatShareConfig } from '@aipm/database';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, type Repository } from 'typeorm';
import { listPage, type Page } from '../common/list/list-page';
import type { ListQueryDto } from '../common/list/list-query.dto';
import { WechatError } from './wechat.error';

const UNIQUE_VIOLATION = '23505';
const LIST_SPEC = { alias: 'share', sortable: ['pageUrl', 'title', 'createdAt', 'updatedAt'], searchable: ['pageUrl', 'title', 'description'] } as const;

/**
 * The back office's per-page share settings (docs/product/data-model.md#wechat-share-settings, rules in
 * docs/product/wechat.md#share-settings-rules) and the public lookup.
 */
@Injectable()
export class WechatShareConfigsService {
  constructor(@InjectRepository(WechatShareConfig) private readonly rows: Repository<WechatShareConfig>) {}

  /** react-admin's list: the same range/sort/filter parameters as the other back-office lists. */
  async list(raw: ListQueryDto): Promise<Page<WechatShareConfig>> {
    return listPage(this.rows, LIST_SPEC, raw);
  }

  async find(id: string): Promise<WechatShareConfig> {
    const row = await this.rows.findOneBy({ id });
    if (!row) throw new WechatError('SHARE_CONFIG_NOT_FOUND');
    return row;
  }

  /** The settings of the page at `pageUrl` (any query or fragment ignored), or null: it shares its own. */
  async findForPage(pageUrl: string): Promise<WechatShareConfig | null> {
    const key = sharePageKey(pageUrl);
    return key === null ? null : this.rows.findOneBy({ pageUrl: key });
  }

  async create(dto: CreateWechatShareConfigDto): Promise<WechatShareConfig> {
    return this.saving(() => this.rows.save(this.rows.create(dto)));
  }

  async update(id: string, dto: UpdateWechatShareConfigDto): Promise<WechatShareConfig> {
    const row = await this.find(id);
    return this.saving(() => this.rows.save(this.rows.merge(row, dto)));
  }

  async remove(id: string): Promise<WechatShareConfig> {
    const row = await this.find(id);
    await this.rows.delete({ id });
    return row;
  }

  /** A second row for one page breaks the unique constraint: 409 SHARE_PAGE_URL_TAKEN, not a 500. */
  private async saving(save: () => Promise<WechatShareConfig>): Promise<WechatShareConfig> {
    try {
      return await save();
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === UNIQUE_VIOLATION) {
        throw new WechatError('SHARE_PAGE_URL_TAKEN');
      }
      throw error;
    }
  }
}
