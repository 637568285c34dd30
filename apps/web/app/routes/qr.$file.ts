import type { LoaderFunctionArgs } from '@remix-run/node';
import QRCode from 'qrcode';

import { isQrCodeName } from '~/config/site-config';
import { qrTarget, readSiteConfig } from '~/config/site-config.server';
import { readSiteSettings } from '~/site-settings/site-settings.server';

/** `/qr/<name>.svg`: the footer's QR codes, drawn on the server from configuration (no QR library in the browser). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const match = /^([a-z-]+)\.svg$/.exec(params['file'] ?? '');
  const name = match?.[1];
  if (!name || !isQrCodeName(name)) throw new Response('Not Found', { status: 404 });
  const target = qrTarget(readSiteConfig(), name, await readSiteSettings(context));
  const svg = await QRCode.toString(target, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#1f2937', light: '#ffffff' } });
  return new Response(svg, {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', // A minute, not an hour: the WeChat code follows the WeChat ID, which the administrator may change any time.
      'Cache-Control': 'public, max-age=60' },
  });
}
