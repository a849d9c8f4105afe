import { mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { AppConfig } from '../../config/config';

/**
 * Where uploaded bytes live, behind one interface: a folder on this machine (the default) or an S3-compatible bucket
 * (S3_BUCKET set), so several API instances share every upload. Keys are the storage's own names (folder/random.ext);
 * the callers have checked them, the stores check again that a key cannot leave its root.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** The keys under a folder (at most 10,000): for maintenance and tests. */
  list(folder: string): Promise<string[]>;
  /** Throws when the store cannot be reached (GET /ready). */
  ping(): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]+\/[a-zA-Z0-9._-]{1,120}$/;

function assertKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

/** Files under a root folder (UPLOAD_DIR for media, PRIVATE_UPLOAD_DIR for identity documents). */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertKey(key);
    const path = resolve(join(this.root, key));
    if (!path.startsWith(resolve(this.root) + sep)) throw new Error(`Unsafe storage key: ${key}`);
    return path;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(resolve(path, '..'), { recursive: true });
    await writeFile(path, body);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      // No such file, or a name no file could have (a folder name past the file system's limit): missing, not a 500.
      if (['ENOENT', 'ENOTDIR', 'ENAMETOOLONG'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.path(key)).then(
      () => true,
      () => false,
    );
  }

  async remove(key: string): Promise<void> {
    await unlink(this.path(key)).catch(() => undefined);
  }

  async list(folder: string): Promise<string[]> {
    if (!/^[a-z0-9-]+$/.test(folder)) throw new Error(`Unsafe storage folder: ${folder}`);
    const names = await readdir(join(this.root, folder)).catch(() => [] as string[]);
    return names.slice(0, 10_000).map((name) => `${folder}/${name}`);
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }
}

/** Objects in one bucket under a prefix ('media/' or 'private/'); the bucket itself stays private. */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  private name(key: string): string {
    assertKey(key);
    return `${this.prefix}${key}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.name(key), Body: body, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.name(key) }));
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.name(key) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.name(key) }));
  }

  async list(folder: string): Promise<string[]> {
    if (!/^[a-z0-9-]+$/.test(folder)) throw new Error(`Unsafe storage folder: ${folder}`);
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.prefix}${folder}/`, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key.slice(this.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token && keys.length < 10_000);
    return keys;
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    e?.name === 'NoSuchKey' ||
    e?.name === 'NotFound' ||
    e?.$metadata?.httpStatusCode === 404
  );
}

/** The two stores of the configuration: public media and private documents. */
export function createBlobStores(config: AppConfig): { media: BlobStore; private: BlobStore } {
  const s3 = config.storage.s3;
  if (!s3)
    return { media: new LocalBlobStore(config.uploads.dir), private: new LocalBlobStore(config.uploads.privateDir) };
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint ?? undefined,
    forcePathStyle: s3.forcePathStyle,
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: S3-compatible servers do not all know the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    media: new S3BlobStore(client, s3.bucket, 'media/'),
    private: new S3BlobStore(client, s3.bucket, 'private/'),
  };
}
