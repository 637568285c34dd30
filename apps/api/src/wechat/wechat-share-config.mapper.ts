import type { WechatShareConfigResponse } from '@aipm/contracts';
import type { WechatShareConfig } from '@aipm/database';

export function toShareConfigResponse(row: WechatShareConfig): WechatShareConfigResponse {
  return {
    id: row.id,
    pageUrl: row.pageUrl,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
