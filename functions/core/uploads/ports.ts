/** What the uploads module needs from storage (S3; functions/adapters/s3-uploads.ts). */
export interface StoredObject {
  key: string;
  size: number;
}

export interface UploadStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Every object whose key starts with `prefix`. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Deletes the objects; missing keys are fine. */
  deleteKeys(keys: readonly string[]): Promise<void>;
}
