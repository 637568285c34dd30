import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { SESSION_COOKIE_NAME } from '../../common/session';
import { STUDENT_SESSION_COOKIE_NAME } from '../../common/student-session';
import { AuthError } from '../auth.error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request that carries the session cookie but comes from another site
 * (CSRF defence in depth beside SameSite=Lax). Browsers send Sec-Fetch-Site; older ones at least Origin.
 * Requests with neither (server-side calls from the web app, curl) are not browser-driven and pass.
 */
export function isCrossSiteRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const cookies = request.headers.cookie ?? '';
  const sessionCookies = [`${SESSION_COOKIE_NAME}=`, `${STUDENT_SESSION_COOKIE_NAME}=`]; // either realm's (ADR 061)
  if (!cookies.split(';').some((cookie) => sessionCookies.some((name) => cookie.trim().startsWith(name)))) return false;

  const fetchSite = request.get('sec-fetch-site');
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.get('origin');
  if (!origin) return false;
  try {
    // req.host follows X-Forwarded-Host from the front door ('trust proxy' is set): the host the browser used.
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

@Injectable()
export class SameOriginGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    if (isCrossSiteRequest(context.switchToHttp().getRequest<Request>())) throw new AuthError('CROSS_SITE_REQUEST');
    return true;
  }
}
