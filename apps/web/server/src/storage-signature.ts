/**
 * AWS Signature V4 of a presigned URL, checked by the front door (ADR 036): the embedded store (s3rver) checks
 * no signature, so the door recomputes the one the API's client made for this method, key and query, with the
 * same credentials, and lets only an exact match pass. The signing is AWS's own library's (@smithy/signature-v4,
 * what the AWS SDK presigns with); only the comparison is ours.
 */
import { timingSafeEqual } from 'node:crypto';

import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';

/** The query values a presigned URL's signature is made of, rather than signed over. */
export const SIGNATURE_QUERY = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'] as const;
const CONTENT_SHA256 = 'x-amz-content-sha256';
// What a presigned URL signs instead of the body, which it has not seen.
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export interface StoreCredentials {
  /** S3_ENDPOINT: the Host the URLs are signed for is this one's. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

export interface PresignedRequest {
  method: string;
  /** The store's path-style path, `/<bucket>/<key>`. */
  path: string;
  query: URLSearchParams;
  signedAt: Date;
  expiresSeconds: number;
}

/** A check of presigned URLs signed with these credentials for this store. */
export function presignedUrlVerifier({ endpoint, accessKey, secretKey, region }: StoreCredentials): (request: PresignedRequest) => Promise<boolean> {
  const store = new URL(endpoint);
  const signer = new SignatureV4({
    service: 's3',
    region,
    credentials: { accessKeyId: accessKey, secretAccessKey: secretKey },
    sha256: Hash.bind(null, 'sha256'),
    // S3 signs the path as it is sent, not encoded a second time.
    uriEscapePath: false,
  });
  const unsigned = new Set([CONTENT_SHA256]);

  return async ({ method, path, query, signedAt, expiresSeconds }) => {
    const given = query.get('X-Amz-Signature') ?? '';
    const signedOver: Record<string, string> = {};
    for (const [name, value] of query) if (!(SIGNATURE_QUERY as readonly string[]).includes(name)) signedOver[name] = value;
    const expected = await signer.presign(
      {
        method,
        protocol: store.protocol,
        hostname: store.hostname,
        ...(store.port ? { port: Number(store.port) } : {}),
        path,
        query: signedOver,
        headers: { host: store.host, [CONTENT_SHA256]: UNSIGNED_PAYLOAD },
      },
      { signingDate: signedAt, expiresIn: expiresSeconds, unsignableHeaders: unsigned, unhoistableHeaders: unsigned },
    );
    const made = expected.query ?? {};
    // Everything the URL says of how it was signed must be what this signature was made with.
    for (const name of SIGNATURE_QUERY) {
      if (name !== 'X-Amz-Signature' && made[name] !== query.get(name)) return false;
    }
    const want = Buffer.from(String(made['X-Amz-Signature']));
    const got = Buffer.from(given);
    return want.length === got.length && timingSafeEqual(want, got);
  };
}
