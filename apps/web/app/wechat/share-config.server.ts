import type { ClientShareConfig, ShareSettingsResponse } from '@aipm/contracts';
import { WECHAT_PATHS } from '@aipm/contracts';
import type { AppLoadContext } from '@remix-run/node';

import type { PageMeta } from '~/i18n/page-meta';

/** The first paint must not wait long for the API: after this the page shares its own title and image. */
const SHARE_SETTINGS_TIMEOUT_MS = 1500;

/** WeChat's in-app browser names itself in the user agent (e.g. "… MicroMessenger/8.0.50 …"). */
export function isWechatBrowser(userAgent: string | null): boolean {
  return userAgent !== null && /MicroMessenger/i.test(userAgent);
}

/**
 * What the page shares inside WeChat (docs/product/wechat.md#what-is-shared): its wechat_share_config row, else
 * its own title, description and Open Graph image. Null outside WeChat, where nothing is shared from the page
 * and the API is not asked (the share panel is WeChat-only, so other visitors pay nothing for it).
 */
export async function wechatShareConfig(request: Request, context: AppLoadContext, meta: PageMeta): Promise<ClientShareConfig | null> {
  if (!isWechatBrowser(request.headers.get('user-agent'))) return null;
  const link = meta.url ?? request.url;
  const own: ClientShareConfig = { title: meta.title, desc: meta.description ?? meta.title, link, imgUrl: meta.image ?? '' };
  try {
    const url = `${context.apiUrl}${WECHAT_PATHS.shareSettings}?${new URLSearchParams({ pageUrl: link })}`;
    const response = await fetch(url, { headers: { Accept: 'application/json', 'x-request-id': context.requestId }, signal: AbortSignal.timeout(SHARE_SETTINGS_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`share settings answered ${response.status}`);
    const { data } = (await response.json()) as ShareSettingsResponse;
    return data ? { title: data.title, desc: data.description, link, imgUrl: data.imageUrl } : own;
  } catch (error) {
    console.error(JSON.stringify({ msg: 'share settings unavailable, the page shares its own', requestId: context.requestId, err: String(error) }));
    return own;
  }
}
