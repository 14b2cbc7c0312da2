import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { fannedOut, STORAGE_NAME, type ByteRange, type OpenedFile, type Storage, type StoredFile } from './index.js';

/**
 * Where the scale profile keeps files: `STORAGE_URL=s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=1`.
 * The path after the bucket is a key prefix (several sites may share one bucket); `endpoint` names an
 * S3-compatible service (MinIO, Aliyun OSS, Tencent COS; absent: AWS itself); `forcePathStyle=1` puts the bucket
 * in the path instead of the host name (MinIO and most local servers need it; OSS and COS want it off).
 */
export interface S3Location {
  bucket: string;
  /** Key prefix, '' or ending in '/'. */
  prefix: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
}

/** Reads a STORAGE_URL; throws a message naming what is wrong (start-up refuses a bad one). */
export function parseS3Url(value: string): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`STORAGE_URL is not a URL: ${value}`);
  }
  if (url.protocol !== 's3:') throw new Error(`STORAGE_URL must start with s3:// (got ${url.protocol})`);
  const bucket = decodeURIComponent(url.hostname);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(`STORAGE_URL names no valid bucket: ${value}`);
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) {
    throw new Error(`STORAGE_URL endpoint must be an http(s) address: ${endpoint}`);
  }
  return {
    bucket,
    prefix: path ? `${path}/` : '',
    endpoint,
    region: url.searchParams.get('region') || 'us-east-1',
    forcePathStyle: ['1', 'true', 'yes', 'on'].includes((url.searchParams.get('forcePathStyle') ?? '').toLowerCase()),
  };
}

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * One client for the app's three areas. Credentials given (STORAGE_ACCESS_KEY_ID / STORAGE_SECRET_ACCESS_KEY) are
 * used; otherwise the SDK's own chain (AWS_ACCESS_KEY_ID…, a profile, an instance role). Checksums are sent and
 * checked only where the protocol requires them: S3-compatible services that predate the SDK's newer default
 * checksums refuse or ignore them.
 */
export function s3Client(location: S3Location, credentials: S3Credentials | undefined): S3Client {
  return new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    ...(credentials ? { credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

interface SdkError {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

/** Nothing under that key (a missing bucket is an error, not a missing file). */
function missing(err: unknown): boolean {
  const e = err as SdkError;
  if (e.name === 'NoSuchBucket') return false;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** `bytes 0-9/100` → 100. */
function totalOf(contentRange: string | undefined): number | undefined {
  const total = /\/(\d+)$/.exec(contentRange ?? '')?.[1];
  return total === undefined ? undefined : Number(total);
}

/** One area of the bucket: keys `<prefix><area>/<fan-out>/<name>`, the folder layout of the embedded profile. */
export class S3Storage implements Storage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    /** Ends in '/'. */
    private readonly prefix: string,
  ) {}

  private key(name: string): string {
    return this.prefix + fannedOut(name);
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.key(name), Body: bytes, ContentLength: bytes.byteLength }),
    );
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
      if (!out.Body) return Buffer.alloc(0);
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async delete(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
  }

  async stat(name: string): Promise<StoredFile | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
      return { size: out.ContentLength ?? 0, etag: out.ETag ?? '""' };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async open(name: string, range?: ByteRange): Promise<OpenedFile | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.key(name),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const size = (range ? totalOf(out.ContentRange) : undefined) ?? out.ContentLength ?? 0;
      // In Node the body is the response stream itself: bytes flow to the client as they arrive.
      return { file: { size, etag: out.ETag ?? '""' }, body: out.Body as Readable };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async *names(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const out = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, ContinuationToken: token }),
      );
      for (const { Key } of out.Contents ?? []) {
        const name = Key?.slice(this.prefix.length).split('/')[1];
        if (name && STORAGE_NAME.test(name) && Key === this.key(name)) yield name;
      }
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}
