import { createHash, randomInt } from 'node:crypto';

export interface JsapiSignatureInput {
  ticket: string;
  nonceStr: string;
  timestamp: number;
  /** The page's URL up to, not including, `#` (signableUrl). */
  url: string;
}

/**
 * WeChat JS-SDK signature (附录1 of the JS-SDK guide): SHA-1 of the four fields in ASCII order of their names,
 * joined as a query string, the values raw (not URL-encoded).
 */
export function jsapiSignature({ ticket, nonceStr, timestamp, url }: JsapiSignatureInput): string {
  return createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`, 'utf8').digest('hex');
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh nonce per signature (WeChat's own example uses 16 letters and digits). */
export function nonceString(length = 16): string {
  let nonce = '';
  for (let index = 0; index < length; index++) nonce += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)];
  return nonce;
}
