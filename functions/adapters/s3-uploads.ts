/**
 * The uploads bucket (locally s3rver) as the uploads module's store. Object keys are laid out in
 * functions/core/uploads/upload-keys.ts; the site serves them at /uploads/<key>.
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  PutObjectTaggingCommand,
} from '@aws-sdk/client-s3';
import { getConfig } from '../config';
import type { StoredObject, UploadStore } from '../core/uploads/ports';
import { UNREFERENCED_TAG } from '../core/uploads/upload-keys';
import { s3Client } from './s3-client';
import { createPresignedPost } from './s3-post-policy';

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

const bucket = () => getConfig().UPLOADS_BUCKET;
const tag = (key: string, TagSet: Array<{ Key: string; Value: string }>) =>
  s3Client().send(new PutObjectTaggingCommand({ Bucket: bucket(), Key: key, Tagging: { TagSet } }));
/** S3 accepts at most 1,000 keys per DeleteObjects request. */
const DELETE_BATCH = 1000;

/**
 * DeleteObjects answers 200 and lists the keys it could not delete, each with S3's error code. The
 * error is named after the first code, as the SDK names a failed request's: a busy or failing S3
 * (InternalError, SlowDown, ServiceUnavailable) is then a dependency failure, answered 503 with
 * Retry-After like every other (resilience.ts isDependencyFailure), not a bare 500; a refusal
 * (AccessDenied) stays an error of ours.
 */
export function deleteRefused(errors: ReadonlyArray<{ Code?: string; Key?: string }>, of: number): Error {
  const code = errors[0]?.Code ?? 'UnknownError';
  return Object.assign(new Error(`S3 refused to delete ${errors.length} of ${of} objects (${code})`), {
    name: code,
    $dependency: 'S3',
  });
}

export const s3Uploads: UploadStore = {
  async put(key, body, contentType, opts) {
    await s3Client().send(
      new PutObjectCommand({
        Bucket: bucket(),
        Key: key,
        Body: body,
        ContentType: contentType,
        // Keys are random and never rewritten: browsers and CloudFront may keep them for good.
        CacheControl: 'public, max-age=31536000, immutable',
        // Drafts no app shows yet: the bucket's lifecycle rule expires them (lib/uploads.ts).
        Tagging: opts?.unreferenced ? `${UNREFERENCED_TAG.key}=${UNREFERENCED_TAG.value}` : undefined,
      }),
    );
    // Set again on its own: the local S3 (s3rver) ignores the Tagging header of a PUT.
    if (opts?.unreferenced) await tag(key, [{ Key: UNREFERENCED_TAG.key, Value: UNREFERENCED_TAG.value }]);
  },

  async markReferenced(keys) {
    for (const key of keys) {
      try {
        // An empty tag set (rather than DeleteObjectTagging, which the local S3 does not implement).
        await tag(key, []);
      } catch (err) {
        if (!notFound(err)) throw err;
      }
    }
  },

  async isUnreferenced(key) {
    try {
      const res = await s3Client().send(new GetObjectTaggingCommand({ Bucket: bucket(), Key: key }));
      return (res.TagSet ?? []).some((t) => t.Key === UNREFERENCED_TAG.key && t.Value === UNREFERENCED_TAG.value);
    } catch (err) {
      if (notFound(err)) return false;
      throw err;
    }
  },

  async list(prefix) {
    const out: StoredObject[] = [];
    let token: string | undefined;
    do {
      const res = await s3Client().send(
        new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of res.Contents ?? []) {
        if (o.Key) out.push({ key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified });
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return out;
  },

  async deleteKeys(keys) {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const res = await s3Client().send(
        new DeleteObjectsCommand({
          Bucket: bucket(),
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (res.Errors?.length) throw deleteRefused(res.Errors, batch.length);
    }
  },
  async presignPost(key, maxBytes, expiresSeconds) {
    const client = s3Client();
    const cfg = getConfig();
    const credentials = await client.config.credentials();
    // Locally the path-style endpoint of the local S3; in the cloud the bucket's regional endpoint.
    const url = cfg.S3_ENDPOINT
      ? `${cfg.S3_ENDPOINT.replace(/\/$/, '')}/${bucket()}`
      : `https://${bucket()}.s3.${cfg.AWS_REGION}.amazonaws.com/`;
    return createPresignedPost({
      url,
      bucket: bucket(),
      key,
      region: cfg.AWS_REGION,
      credentials,
      expiresSeconds,
      conditions: [['content-length-range', 1, maxBytes]],
    });
  },

  async size(key) {
    try {
      const head = await s3Client().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (notFound(err)) return undefined;
      throw err;
    }
  },

  async get(key) {
    try {
      const obj = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
      return await (obj.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray();
    } catch (err) {
      if (notFound(err)) return undefined;
      throw err;
    }
  },
};
