import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A cookie as Chromium reports it (CDP Network.Cookie), enough to set it again. */
export interface StoredCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  /** Seconds since the epoch; absent or -1 for a cookie that lasts the browser session. */
  expires?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
}

/** One origin's Web Storage: liepin keeps its token in sessionStorage, others in localStorage. */
export interface OriginStorage {
  origin: string;
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
}

/** What an operator's sign-in leaves behind in the browser, for the crawler to carry on with. */
export interface SiteSessionContents {
  cookies: StoredCookie[];
  origins: OriginStorage[];
}

const FORMAT = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals a site's session with AES-256-GCM (docs/decisions/070). The key is derived from CRAWLER_SESSION_KEY, so any
 * long random string works; the site's name is authenticated with the contents, so a sealed session copied to
 * another site's row does not open. Layout: format byte, IV, tag, ciphertext.
 */
export class SiteSessionSeal {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'aipm crawler site sessions', 32));
  }

  seal(site: string, contents: SiteSessionContents): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(site, 'utf8'));
    const body = Buffer.concat([cipher.update(JSON.stringify(contents), 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([FORMAT]), iv, cipher.getAuthTag(), body]);
  }

  /**
   * The contents, or null when they do not open: another key, another site, a changed byte or an unknown format.
   * A session that does not open is as good as none; the crawler never sends half of one.
   */
  open(site: string, sealed: Uint8Array): SiteSessionContents | null {
    const bytes = Buffer.from(sealed);
    if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== FORMAT) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(1, 1 + IV_BYTES));
      decipher.setAAD(Buffer.from(site, 'utf8'));
      decipher.setAuthTag(bytes.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES));
      const text = Buffer.concat([decipher.update(bytes.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      const contents = JSON.parse(text) as SiteSessionContents;
      return Array.isArray(contents.cookies) && Array.isArray(contents.origins) ? contents : null;
    } catch {
      return null;
    }
  }
}
