// Types of scripts/s3-server.mjs for the tests that start it.
export interface S3Server {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  createBucket(name: string): Promise<void>;
  stop(): Promise<void>;
}
export const S3_ACCOUNT: { accessKeyId: string; secretAccessKey: string; region: string };
export const SWIFT_MISSING: string;
export function ensureSwift(): boolean;
export function startS3Server(): Promise<S3Server>;
