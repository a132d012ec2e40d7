/** What the uploads module needs from storage (S3; functions/adapters/s3-uploads.ts). */
export interface StoredObject {
  key: string;
  size: number;
  lastModified?: Date;
}

/** A signed form the browser posts a file to (S3 presigned POST). */
export interface UploadForm {
  url: string;
  fields: Record<string, string>;
}

export interface UploadStore {
  /** Stores the object; `unreferenced` tags it so the bucket's lifecycle rule may expire it. */
  put(key: string, body: Uint8Array, contentType: string, opts?: { unreferenced?: boolean }): Promise<void>;
  /** Removes the unreferenced tag (an app refers to the objects now); missing keys are fine. */
  markReferenced(keys: readonly string[]): Promise<void>;
  /** True when the object carries the unreferenced tag. */
  isUnreferenced(key: string): Promise<boolean>;
  /** Every object whose key starts with `prefix`. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Deletes the objects; missing keys are fine. */
  deleteKeys(keys: readonly string[]): Promise<void>;
  /** A form that lets a browser store at most `maxBytes` bytes under exactly `key`, for `expiresSeconds`. */
  presignPost(key: string, maxBytes: number, expiresSeconds: number): Promise<UploadForm>;
  /** The object's size, or undefined when it does not exist. */
  size(key: string): Promise<number | undefined>;
  /** The object's bytes, or undefined when it does not exist. */
  get(key: string): Promise<Uint8Array | undefined>;
}

/**
 * Runs `fn` while no other request works on the same app's uploads (a lease in DynamoDB;
 * functions/adapters/dynamodb/upload-lock.ts), so the screenshot count and the store are atomic.
 */
export interface AppUploadLock {
  withApp<T>(appId: string, fn: () => Promise<T>): Promise<T>;
}

/**
 * The claim of pending browser uploads by the confirm that stores them: all of `keys` at once or
 * none (false when any was claimed already), so one presigned upload is stored once however many
 * confirms name it (functions/adapters/dynamodb/upload-lock.ts).
 */
export interface UploadClaims {
  claim(keys: readonly string[]): Promise<boolean>;
}
