import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { MSG } from '@jara/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { fieldError } from '../http/validation';
import { createBlobStores, type BlobStore } from './blob-store';
import { sniffImage } from './image-sniff';

export const MEDIA_ROUTE = 'media';
// Folders are short names chosen by the code (avatars, products...); bounded so no stored name is past any store's key limit.
const SAFE_NAME = /^[a-z0-9-]{1,40}\/[a-f0-9]{32}(-card)?\.(webp|jpg|png|gif)$/;
const PRIVATE_NAME = /^[a-z0-9-]{1,40}\/[a-f0-9]{32}\.jpg$/;

/**
 * Files uploaded by people live in a BlobStore (UPLOAD_DIR, or the S3 bucket when S3_BUCKET is set) under random
 * names and are served only through the API's media route; identity documents in a second, private store.
 */
@Injectable()
export class StorageService {
  readonly media: BlobStore;
  private readonly documents: BlobStore;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const stores = createBlobStores(config);
    this.media = stores.media;
    this.documents = stores.private;
  }

  /**
   * Checks that the upload really is a JPEG, PNG, GIF or WebP (by content), re-encodes it (dropping metadata
   * such as GPS), resizes it to fit within `size` pixels and stores it. Returns the stored key, e.g. avatars/ab12....webp.
   */
  async saveImage(folder: string, file: Express.Multer.File | undefined, field: string, size: number): Promise<string> {
    const buffer = await this.userImage(file, field);
    let output: Buffer;
    try {
      output = await sharp(buffer, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(size, size, { fit: 'cover', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw fieldError(field, MSG.profile.imageOnly);
    }
    const key = `${folder}/${randomBytes(16).toString('hex')}.webp`;
    await this.media.put(key, output, 'image/webp');
    return key;
  }

  /**
   * Product pictures uploaded by people: checked by content (JPEG, PNG, GIF or WebP only), re-encoded, stored as
   * a detail image (fits within `detail` px) and a square card image (<key>-card.webp). Returns the detail key.
   */
  async saveImageVariants(
    folder: string,
    file: Express.Multer.File | undefined,
    field: string,
    sizes = { detail: 1000, card: 400 },
  ): Promise<string> {
    const buffer = await this.userImage(file, field);
    try {
      return await this.writeVariants(folder, buffer, sizes, 4);
    } catch {
      throw fieldError(field, MSG.profile.imageOnly);
    }
  }

  /**
   * Images the server drew itself (the demo seed renders its pictures to WebP before calling this). Never
   * reached by uploads; still only raster formats, so no SVG is ever stored or served.
   */
  async storeGeneratedVariants(
    folder: string,
    raster: Buffer,
    sizes = { detail: 1000, card: 400 },
    effort = 4,
  ): Promise<string> {
    if (!(await sniffImage(raster))) throw new Error('storeGeneratedVariants takes a JPEG, PNG, GIF or WebP buffer.');
    return this.writeVariants(folder, raster, sizes, effort);
  }

  /** The upload's bytes when they are a JPEG, PNG, GIF or WebP that decodes as that format; else a 422 on `field`. */
  private async userImage(file: Express.Multer.File | undefined, field: string): Promise<Buffer> {
    if (!file || !file.buffer?.length) throw fieldError(field, MSG.profile.imageRequired);
    const kind = await sniffImage(file.buffer);
    if (!kind) throw fieldError(field, MSG.profile.imageOnly);
    // A polyglot (an image header followed by something else) must also decode as the format its header claims.
    const format = await sharp(file.buffer, { limitInputPixels: 40_000_000 })
      .metadata()
      .then((meta) => meta.format)
      .catch(() => undefined);
    if (format !== kind.sharpFormat) throw fieldError(field, MSG.profile.imageOnly);
    return file.buffer;
  }

  private async writeVariants(
    folder: string,
    buffer: Buffer,
    sizes: { detail: number; card: number },
    effort: number,
  ): Promise<string> {
    const source = sharp(buffer, { limitInputPixels: 40_000_000 }).rotate();
    const detail = await source
      .clone()
      .resize(sizes.detail, sizes.detail, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort })
      .toBuffer();
    const card = await source
      .clone()
      .resize(sizes.card, sizes.card, { fit: 'cover' })
      .webp({ quality: 75, effort })
      .toBuffer();
    const base = `${folder}/${randomBytes(16).toString('hex')}`;
    await this.media.put(`${base}.webp`, detail, 'image/webp');
    await this.media.put(`${base}-card.webp`, card, 'image/webp');
    return `${base}.webp`;
  }

  /**
   * An identity document (KYC): checked by content like any upload, re-encoded to JPEG (EXIF, GPS and any trailing
   * bytes dropped; up to 2400 px so it stays legible) and written under PRIVATE_UPLOAD_DIR, which no public route
   * serves. Returns its key (e.g. kyc/<32 hex>.jpg); read it back with privatePath().
   */
  async savePrivateImage(folder: string, file: Express.Multer.File | undefined, field: string): Promise<string> {
    const buffer = await this.userImage(file, field);
    let output: Buffer;
    try {
      output = await sharp(buffer, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(2400, 2400, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 88 })
        .toBuffer();
    } catch {
      throw fieldError(field, MSG.profile.imageOnly);
    }
    const key = `${folder}/${randomBytes(16).toString('hex')}.jpg`;
    await this.documents.put(key, output, 'image/jpeg');
    return key;
  }

  /** A private document's bytes (only for the KYC service, which checked who asks), or null. */
  async readPrivate(key: string | null | undefined): Promise<Buffer | null> {
    if (!key || !PRIVATE_NAME.test(key)) return null;
    return this.documents.get(key);
  }

  async privateExists(key: string | null | undefined): Promise<boolean> {
    return !!key && PRIVATE_NAME.test(key) && this.documents.exists(key);
  }

  /** The private documents' keys in a folder (maintenance, tests). */
  listPrivate(folder: string): Promise<string[]> {
    return this.documents.list(folder);
  }

  async removePrivate(key: string | null | undefined): Promise<void> {
    if (key && PRIVATE_NAME.test(key)) await this.documents.remove(key);
  }

  /** The card-size variant's key of a detail key. */
  cardKey(key: string | null | undefined): string | null {
    if (!key) return null;
    if (/^https?:\/\//.test(key)) return key;
    return key.replace(/\.webp$/, '-card.webp');
  }

  async remove(key: string | null | undefined): Promise<void> {
    if (!key || !SAFE_NAME.test(key)) return;
    await this.media.remove(key);
    const card = this.cardKey(key);
    if (card && card !== key && SAFE_NAME.test(card)) await this.media.remove(card);
  }

  /** A public media object's bytes, or null when the key is not one we could have written or is gone. */
  async readMedia(key: string): Promise<Buffer | null> {
    if (!SAFE_NAME.test(key)) return null;
    return this.media.get(key);
  }

  async mediaExists(key: string): Promise<boolean> {
    return SAFE_NAME.test(key) && this.media.exists(key);
  }

  /** Both stores answer (GET /ready). */
  async ping(): Promise<void> {
    await this.media.ping();
    await this.documents.ping();
  }

  /** Public URL of a stored key, served by the API. */
  urlFor(key: string | null | undefined): string | null {
    if (!key) return null;
    if (/^https?:\/\//.test(key)) return key;
    return `${this.config.publicUrl}/api/v1/${MEDIA_ROUTE}/${key}`;
  }
}
