import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../src/config.js';

/** A local S3-compatible server for one test file: loopback, a random port, a temporary folder. */
export interface LocalS3 {
  /** The app's storage settings for a bucket of this server (`STORAGE_URL` and the keys it accepts). */
  storage: StorageConfig;
  stop(): Promise<void>;
}

/** s3rver's fixed key pair: it checks every request's signature against it. */
const KEY = 'S3RVER';

export async function startLocalS3(bucket = 'textbook-test'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'textbook-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    storage: {
      url: `s3://${bucket}/run-${process.pid}?endpoint=http://127.0.0.1:${port}&region=us-east-1&forcePathStyle=1`,
      accessKeyId: KEY,
      secretAccessKey: KEY,
    },
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
