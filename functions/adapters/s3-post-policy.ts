/**
 * Browser uploads straight to S3 with a presigned POST (AWS Signature Version 4 POST policy,
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html).
 *
 * Written out here (node:crypto only) instead of pulling in @aws-sdk/s3-presigned-post, which pins
 * its own copy of the whole S3 client. The same module verifies policies in the local S3 front
 * (bin/local-s3-front.ts), so the local runtime refuses exactly what S3 refuses.
 */
import { createHmac } from 'node:crypto';

export interface PostCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export type PolicyCondition =
  | Record<string, string>
  | ['eq' | 'starts-with', string, string]
  | ['content-length-range', number, number];

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

export function signingKey(secret: string, date: string, region: string, service = 's3'): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

export function policySignature(secret: string, credential: string, policyBase64: string): string {
  // credential = <access key>/<yyyymmdd>/<region>/s3/aws4_request
  const [, date = '', region = '', service = 's3'] = credential.split('/');
  return createHmac('sha256', signingKey(secret, date, region, service))
    .update(policyBase64)
    .digest('hex');
}

const amzDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A signed form for one object: the browser posts `fields` then the file (field "file") to `url`. */
export function createPresignedPost(input: {
  url: string;
  bucket: string;
  key: string;
  region: string;
  credentials: PostCredentials;
  expiresSeconds: number;
  /** Extra conditions, e.g. ['content-length-range', 1, 5242880]. */
  conditions?: PolicyCondition[];
  now?: Date;
}): PresignedPost {
  const now = input.now ?? new Date();
  const date = amzDate(now);
  const credential = `${input.credentials.accessKeyId}/${date.slice(0, 8)}/${input.region}/s3/aws4_request`;
  const fields: Record<string, string> = {
    key: input.key,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': credential,
    'X-Amz-Date': date,
  };
  if (input.credentials.sessionToken) fields['X-Amz-Security-Token'] = input.credentials.sessionToken;
  const conditions: PolicyCondition[] = [
    { bucket: input.bucket },
    ...Object.entries(fields).map(([k, v]) => ({ [k]: v })),
    ...(input.conditions ?? []),
  ];
  const expiration = new Date(now.getTime() + input.expiresSeconds * 1000).toISOString();
  const policy = Buffer.from(JSON.stringify({ expiration, conditions })).toString('base64');
  fields.Policy = policy;
  fields['X-Amz-Signature'] = policySignature(input.credentials.secretAccessKey, credential, policy);
  return { url: input.url, fields };
}

/** Why S3 refuses a POST upload, or undefined when it accepts it. */
export interface PostRefusal {
  status: number;
  code: string;
  message: string;
}

/**
 * S3's checks of a POST upload: signature, expiry, every condition, and no form field the policy
 * does not cover. `fields` are the form fields (names as sent), `fileSize` the file's bytes.
 */
export function verifyPresignedPost(input: {
  bucket: string;
  fields: Record<string, string>;
  fileSize: number;
  secretAccessKey: string;
  now?: Date;
}): PostRefusal | undefined {
  const lower: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.fields)) lower[k.toLowerCase()] = v;
  const denied = (message: string): PostRefusal => ({ status: 403, code: 'AccessDenied', message });
  const policyB64 = lower.policy;
  const credential = lower['x-amz-credential'];
  const signature = lower['x-amz-signature'];
  if (!policyB64 || !credential || !signature)
    return denied('Bucket POST must be signed (policy, credential, signature)');
  if (policySignature(input.secretAccessKey, credential, policyB64) !== signature) {
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match',
    };
  }
  let policy: { expiration?: string; conditions?: PolicyCondition[] };
  try {
    policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8'));
  } catch {
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  const now = input.now ?? new Date();
  if (!policy.expiration || !(new Date(policy.expiration).getTime() > now.getTime())) {
    return denied('Invalid according to Policy: Policy expired.');
  }
  const values: Record<string, string> = { ...lower, bucket: input.bucket };
  const covered = new Set(['policy', 'x-amz-signature', 'file']);
  for (const c of policy.conditions ?? []) {
    if (Array.isArray(c)) {
      if (c[0] === 'content-length-range') {
        const [, min, max] = c;
        if (input.fileSize > max)
          return {
            status: 400,
            code: 'EntityTooLarge',
            message: 'Your proposed upload exceeds the maximum allowed size',
          };
        if (input.fileSize < min)
          return {
            status: 400,
            code: 'EntityTooSmall',
            message: 'Your proposed upload is smaller than the minimum allowed size',
          };
        continue;
      }
      const [op, rawField, expected] = c;
      const field = rawField.replace(/^\$/, '').toLowerCase();
      covered.add(field);
      const actual = values[field] ?? '';
      if (op === 'eq' ? actual !== expected : !actual.startsWith(expected)) {
        return denied(`Invalid according to Policy: Policy Condition failed: ["${op}", "$${field}", "${expected}"]`);
      }
    } else {
      for (const [rawField, expected] of Object.entries(c)) {
        const field = rawField.toLowerCase();
        covered.add(field);
        if ((values[field] ?? '') !== expected) {
          return denied(`Invalid according to Policy: Policy Condition failed: ["eq", "$${field}", "${expected}"]`);
        }
      }
    }
  }
  const extra = Object.keys(lower).filter((k) => !covered.has(k));
  if (extra.length) return denied(`Invalid according to Policy: Extra input fields: ${extra.join(', ')}`);
  return undefined;
}
