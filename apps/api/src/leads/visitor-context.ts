import { AGREEMENT_VERSION, FIRST_TOUCH_COOKIE, LEAD_LIMITS, LEAD_SOURCE_KEYS, type LeadSource } from '@aipm/contracts';
import type { Request } from 'express';

/** Who submitted a public form, as the server sees it (never as the body claims). */
export interface VisitorContext {
  /** The client address given by the trusted front door (X-Forwarded-For from loopback only). */
  ip: string | null;
  userAgent: string | null;
  /** The first-touch source the web kept in its cookie, if the body carried none. */
  cookieSource: LeadSource | null;
}

export interface Consent {
  agreementVersion: string;
  agreedAt: Date;
  agreementIp: string | null;
  agreementUserAgent: string | null;
}

export function visitorContext(request: Request): VisitorContext {
  const userAgent = request.get('user-agent');
  return {
    ip: request.ip ?? null,
    userAgent: userAgent ? userAgent.slice(0, 512) : null,
    cookieSource: sourceFromCookie(request.headers.cookie),
  };
}

/** The agreement the form showed, recorded with the time and the visitor's address and browser. */
export function consentOf(visitor: VisitorContext, now: Date): Consent {
  return { agreementVersion: AGREEMENT_VERSION, agreedAt: now, agreementIp: visitor.ip, agreementUserAgent: visitor.userAgent };
}

/** The body's source wins (the Remix action forwards it); else the cookie; empty values are dropped. */
export function firstTouchSource(body: LeadSource | undefined, visitor: VisitorContext): LeadSource | null {
  return clean(body) ?? visitor.cookieSource;
}

function clean(source: Partial<Record<string, unknown>> | undefined | null): LeadSource | null {
  if (!source || typeof source !== 'object') return null;
  const out: LeadSource = {};
  for (const key of LEAD_SOURCE_KEYS) {
    const value = source[key];
    if (typeof value === 'string' && value.trim())
      out[key] = value.trim().slice(0, key === 'referrer' || key === 'landingPath' ? LEAD_LIMITS.sourceUrl : LEAD_LIMITS.sourceValue);
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** The cookie is written by our web app but travels through the browser: read leniently, never trusted for more. */
function sourceFromCookie(header: string | undefined): LeadSource | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== FIRST_TOUCH_COOKIE) continue;
    try {
      return clean(JSON.parse(decodeURIComponent(part.slice(separator + 1).trim())) as Record<string, unknown>);
    } catch {
      return null;
    }
  }
  return null;
}
