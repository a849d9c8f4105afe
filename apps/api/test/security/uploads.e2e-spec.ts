import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { Test } from 'supertest';
import { MSG } from '@jara/contracts';
import { StorageService } from '../../src/common/storage/storage.service';
import { KycSubmission } from '../../src/modules/kyc/kyc.entity';
import { Product } from '../../src/modules/products/product.entity';
import { User } from '../../src/modules/users/user.entity';
import { listRoutes } from '../support/routes';
import { signUp, startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 14, item 4: every upload endpoint under hostile files. Complements catalogue.e2e-spec.ts (SVG, HTML and
 * header-only polyglots on products and avatars), users.e2e-spec.ts (avatar 413, text as .png) and
 * trust-and-care.e2e-spec.ts (KYC text, SVG, HTML, zero bytes, 413). Here: every endpoint in one table, complete
 * images carrying HTML/JS after their end, pixel bombs, zero bytes and oversize on the product routes, hostile
 * file names (traversal, NUL, very long, markup), unexpected or repeated file parts; and for every accepted file
 * the stored key and URL are the server's own random name and the bytes on disk are a re-encoded image.
 */
type Account = Awaited<ReturnType<typeof signUp>>;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: any };

interface Upload {
  buffer: Buffer;
  filename: string;
  contentType: string;
}

/** One upload endpoint: how to send a file to it, and where the server records what it stored. */
interface UploadEndpoint {
  name: string;
  field: string;
  /** Sends `file` (as the endpoint's field, or as each field given in `parts`) with the endpoint's other form fields. */
  send: (t: TestApp, who: Accounts, file: Upload | null, parts?: string[]) => Promise<Answer>;
  /** The stored key of the last accepted upload (a DB column), and where its bytes live. */
  storedKey: (t: TestApp, who: Accounts, body: Answer['body']) => Promise<string | null>;
  store: 'media' | 'private';
  /** The stored key's shape: the folder and a random name the server chose. */
  keyPattern: RegExp;
}

interface Accounts {
  vendor: Account;
  admin: Account;
  customer: Account;
  /** A customer with no KYC submission yet (KYC accepts one live submission per user). */
  kycCustomer: () => Promise<Account>;
  productId: number;
  categoryId: number;
}

const PAYLOAD = '<script>alert(document.domain)</script>';
const HTML = `<!doctype html><html><body><img src=x onerror=alert(1)>${PAYLOAD}</body></html>`;
const KYC_FIELDS = {
  name: 'Chioma Adeyemi',
  dob: '1992-03-14',
  gender: 'female',
  address: '12 Allen Avenue, Ikeja, Lagos',
  id_type: 'National ID',
  id_number: 'NIN-12345678901',
};

function productFields(req: Test, categoryId: number, name: string): Test {
  return req
    .field('name', name)
    .field('type', 'new')
    .field('description', 'Upload test')
    .field('status', '1')
    .field('category_id', String(categoryId))
    .field('price', '100');
}

function attach(req: Test, fields: string[], file: Upload | null): Test {
  if (!file) return req;
  for (const field of fields)
    req = req.attach(field, file.buffer, { filename: file.filename, contentType: file.contentType });
  return req;
}

const endpoints: UploadEndpoint[] = [
  {
    name: 'avatar (POST /user/update-profile-image)',
    field: 'image',
    send: async (t, who, file, parts = ['image']) =>
      attach(t.http().post('/api/v1/user/update-profile-image').set(auth(who.customer.token)), parts, file),
    storedKey: async (t, who) => (await t.db.getRepository(User).findOneByOrFail({ id: who.customer.user.id })).image,
    store: 'media',
    keyPattern: /^avatars\/[a-f0-9]{32}\.webp$/,
  },
  {
    name: 'product create (POST /products)',
    field: 'image',
    send: async (t, who, file, parts = ['image']) =>
      attach(
        productFields(t.http().post('/api/v1/products').set(auth(who.vendor.token)), who.categoryId, 'Upload create'),
        parts,
        file,
      ),
    storedKey: async (t, _who, body) => (await t.db.getRepository(Product).findOneByOrFail({ id: body.data.id })).image,
    store: 'media',
    keyPattern: /^products\/[a-f0-9]{32}\.webp$/,
  },
  {
    name: 'product update (POST /products/:id with _method=PUT)',
    field: 'image',
    send: async (t, who, file, parts = ['image']) =>
      attach(
        t.http().post(`/api/v1/products/${who.productId}`).set(auth(who.vendor.token)).field('_method', 'PUT'),
        parts,
        file,
      ),
    storedKey: async (t, who) => (await t.db.getRepository(Product).findOneByOrFail({ id: who.productId })).image,
    store: 'media',
    keyPattern: /^products\/[a-f0-9]{32}\.webp$/,
  },
  {
    name: 'product update (PUT /products/:id, as admin)',
    field: 'image',
    send: async (t, who, file, parts = ['image']) =>
      attach(
        t.http().put(`/api/v1/products/${who.productId}`).set(auth(who.admin.token)).field('name', 'Upload put'),
        parts,
        file,
      ),
    storedKey: async (t, who) => (await t.db.getRepository(Product).findOneByOrFail({ id: who.productId })).image,
    store: 'media',
    keyPattern: /^products\/[a-f0-9]{32}\.webp$/,
  },
  ...(['id_image', 'user_image'] as const).map<UploadEndpoint>((kycField) => ({
    name: `KYC ${kycField} (POST /kyc)`,
    field: kycField,
    send: async (t, who, file, parts = [kycField]) => {
      const customer = await who.kycCustomer();
      let req = t.http().post('/api/v1/kyc').set(auth(customer.token));
      for (const [k, v] of Object.entries(KYC_FIELDS)) req = req.field(k, v);
      // user_image is optional: send a good id_image beside it so only the file under test decides.
      if (kycField === 'user_image')
        req = req.attach('id_image', GOOD.jpeg, { filename: 'id.jpg', contentType: 'image/jpeg' });
      return attach(req, parts, file);
    },
    storedKey: async (t, _who, body) => {
      const row = await t.db.getRepository(KycSubmission).findOneByOrFail({ id: body.data.id });
      return kycField === 'id_image' ? row.id_image_key : row.user_image_key;
    },
    store: 'private',
    keyPattern: /^kyc\/[a-f0-9]{32}\.jpg$/,
  })),
];

/** Good images, built once. */
const GOOD: Record<'jpeg' | 'png' | 'gif', Buffer> = {
  jpeg: Buffer.alloc(0),
  png: Buffer.alloc(0),
  gif: Buffer.alloc(0),
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A valid 1-bit greyscale PNG of width x height black pixels: a few dozen KB that decode to hundreds of megapixels. */
function pixelBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const raw = Buffer.alloc((Math.ceil(width / 8) + 1) * height); // filter byte 0 + zero bits, every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every key in the app's stores (a folder, or the S3 bucket in the scale-out run). */
async function storedKeys(t: TestApp): Promise<string[]> {
  const storage = t.app.get(StorageService);
  return [
    ...(await storage.media.list('avatars')),
    ...(await storage.media.list('products')),
    ...(await storage.listPrivate('kyc')),
  ];
}

/** A stored object's bytes, read through the app's storage. */
function storedBytes(t: TestApp, store: 'media' | 'private', key: string): Promise<Buffer | null> {
  const storage = t.app.get(StorageService);
  return store === 'media' ? storage.readMedia(key) : storage.readPrivate(key);
}

/** Every file under a folder, as paths relative to it. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  if (!existsSync(dir)) return out;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out;
}

describe('Uploads under hostile files, on every upload endpoint (e2e)', () => {
  let t: TestApp;
  let who: Accounts;

  beforeAll(async () => {
    GOOD.jpeg = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#c60' } })
      .jpeg()
      .toBuffer();
    GOOD.png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#06c' } })
      .png()
      .toBuffer();
    GOOD.gif = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#6c0' } })
      .gif()
      .toBuffer();
    t = await startTestApp({ UPLOAD_RATE_LIMIT: '100000', UPLOAD_RATE_ADDRESS_LIMIT: '100000' });
    const [admin, vendor, customer] = [
      await signUp(t, { role: 'admin' }),
      await signUp(t, { role: 'vendor' }),
      await signUp(t),
    ];
    const categoryId = (
      await t.http().post('/api/v1/categories').set(auth(admin.token)).send({ name: 'Uploads' }).expect(201)
    ).body.data.id as number;
    const product = await productFields(
      t.http().post('/api/v1/products').set(auth(vendor.token)),
      categoryId,
      'Upload fixture',
    )
      .attach('image', GOOD.jpeg, 'p.jpg')
      .expect(201);
    // A KYC customer is used until one of their submissions is accepted; then the next one signs up.
    let kycCustomer: Account | null = null;
    who = {
      admin,
      vendor,
      customer,
      categoryId,
      productId: product.body.data.id,
      kycCustomer: async () => {
        if (kycCustomer && (await t.db.getRepository(KycSubmission).countBy({ user_id: kycCustomer.user.id })) === 0)
          return kycCustomer;
        kycCustomer = await signUp(t);
        return kycCustomer;
      },
    };
  });
  afterAll(() => t.close());

  it('the table covers every route that takes a file (a new upload route must join it)', () => {
    // Upload routes are the ones whose OpenAPI operation consumes multipart/form-data.
    const routes = listRoutes(t.app).map((r) => `${r.method.toUpperCase()} ${r.path}`);
    const multipart = [
      'POST /api/v1/user/update-profile-image',
      'POST /api/v1/products',
      'POST /api/v1/products/:id',
      'PUT /api/v1/products/:id',
      'POST /api/v1/kyc',
    ];
    for (const route of multipart) expect(routes).toContain(route);
    expect(
      endpoints.map((e) =>
        e.name
          .match(/\((\w+) (\/[^ ),]+)/)
          ?.slice(1)
          .join(' '),
      ),
    ).toEqual(
      expect.arrayContaining([
        'POST /user/update-profile-image',
        'POST /products',
        'POST /products/:id',
        'PUT /products/:id',
        'POST /kyc',
      ]),
    );
  });

  /** Files no endpoint may keep: each is a 422 on the file's field, and the stored key does not change. */
  const refused = (): Array<[string, Upload]> => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(1)</script></svg>`;
    return [
      [
        'GIF/JS polyglot',
        {
          buffer: Buffer.from(`GIF89a/*\x00\x00*/=1;alert(1)//${PAYLOAD}`),
          filename: 'a.gif',
          contentType: 'image/gif',
        },
      ],
      [
        'JPEG header then HTML',
        {
          buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(HTML)]),
          filename: 'a.jpg',
          contentType: 'image/jpeg',
        },
      ],
      [
        'PNG signature then HTML',
        {
          buffer: Buffer.concat([GOOD.png.subarray(0, 8), Buffer.from(HTML)]),
          filename: 'a.png',
          contentType: 'image/png',
        },
      ],
      ['SVG with script', { buffer: Buffer.from(svg), filename: 'logo.svg', contentType: 'image/svg+xml' }],
      ['SVG with script named .png', { buffer: Buffer.from(svg), filename: 'logo.png', contentType: 'image/png' }],
      ['HTML named .jpg', { buffer: Buffer.from(HTML), filename: 'photo.jpg', contentType: 'image/jpeg' }],
      ['HTML named .png', { buffer: Buffer.from(HTML), filename: 'photo.png', contentType: 'image/png' }],
      ['truncated JPEG', { buffer: GOOD.jpeg.subarray(0, 40), filename: 'photo.jpg', contentType: 'image/jpeg' }],
      ['zero bytes', { buffer: Buffer.alloc(0), filename: 'empty.jpg', contentType: 'image/jpeg' }],
      [
        'PDF named .jpg',
        { buffer: Buffer.from('%PDF-1.4\n1 0 obj<</JS(app.alert(1))>>'), filename: 'x.jpg', contentType: 'image/jpeg' },
      ],
    ];
  };

  describe.each(endpoints.map((e) => [e.name, e] as const))('%s', (_name, endpoint) => {
    it('refuses polyglots, SVG, HTML as an image, truncated, zero-byte and PDF files with a 422 on the field', async () => {
      const before = await endpoint.storedKey(t, who, { data: { id: 0 } }).catch(() => null);
      for (const [label, file] of refused()) {
        const res = await endpoint.send(t, who, file);
        expect([label, res.status]).toEqual([label, 422]);
        expect([label, Object.keys(res.body)]).toEqual([label, ['message', 'errors']]);
        expect([label, res.body.errors[endpoint.field]?.length]).toEqual([label, 1]);
        expect(JSON.stringify(res.body)).not.toMatch(/sharp|Error:|at \w|node_modules|\/tmp\//);
      }
      const after = await endpoint.storedKey(t, who, { data: { id: 0 } }).catch(() => null);
      expect(after).toBe(before);
    });

    it('a pixel bomb (tiny file, huge canvas) is a 422, not a 500', async () => {
      const bomb = pixelBomb(20_000, 20_000);
      expect(bomb.length).toBeLessThan(200_000);
      const res = await endpoint.send(t, who, { buffer: bomb, filename: 'bomb.png', contentType: 'image/png' });
      expect(res.status).toBe(422);
      expect(res.body.errors[endpoint.field]).toEqual([MSG.profile.imageOnly]);
    });

    it('an unexpected or repeated file part is a clear 4xx, never a 500', async () => {
      const good = { buffer: GOOD.png, filename: 'a.png', contentType: 'image/png' };
      const before = await endpoint.storedKey(t, who, { data: { id: 0 } }).catch(() => null);
      // A file under another name, two files in a one-file field, more files than the request may carry.
      for (const parts of [['avatar_file'], [endpoint.field, endpoint.field], [endpoint.field, 'a', 'b', 'c', 'd']]) {
        const res = await endpoint.send(t, who, good, parts);
        expect([parts, res.status >= 400 && res.status < 500]).toEqual([parts, true]);
        expect([parts, typeof res.body.message]).toEqual([parts, 'string']);
        expect(JSON.stringify(res.body)).not.toMatch(/Error:|at \w|node_modules|\/tmp\//);
      }
      expect(await endpoint.storedKey(t, who, { data: { id: 0 } }).catch(() => null)).toBe(before);
    });

    it('a raw NUL in the file name is a malformed multipart body: a 400 in the error shape, nothing stored', async () => {
      const before = await endpoint.storedKey(t, who, { data: { id: 0 } }).catch(() => null);
      const res = await endpoint.send(t, who, {
        buffer: GOOD.jpeg,
        filename: 'evil.php\u0000.jpg',
        contentType: 'image/jpeg',
      });
      expect([res.status, res.body]).toEqual([400, { message: 'Multipart: Malformed part header' }]);
      expect(await endpoint.storedKey(t, who, { data: { id: 0 } }).catch(() => null)).toBe(before);
    });

    it('accepts a real image whatever its name and MIME type, under a random server-chosen key, re-encoded', async () => {
      const longName = `${'a'.repeat(1000)}.jpg`;
      const cases: Array<[string, Upload]> = [
        ['traversal (unix)', { buffer: GOOD.jpeg, filename: '../../etc/passwd.jpg', contentType: 'image/jpeg' }],
        ['traversal (windows)', { buffer: GOOD.png, filename: '..\\..\\x.png', contentType: 'image/png' }],
        ['absolute path', { buffer: GOOD.jpeg, filename: '/etc/cron.d/evil.jpg', contentType: 'image/jpeg' }],
        ['encoded traversal', { buffer: GOOD.jpeg, filename: '..%2f..%2fpwned.jpg', contentType: 'image/jpeg' }],
        ['encoded NUL in the name', { buffer: GOOD.jpeg, filename: 'evil.php%00.jpg', contentType: 'image/jpeg' }],
        ['very long name', { buffer: GOOD.jpeg, filename: longName, contentType: 'image/jpeg' }],
        [
          'markup in the name',
          { buffer: GOOD.gif, filename: '"><img src=x onerror=alert(1)>.gif', contentType: 'image/gif' },
        ],
        ['wrong MIME and extension', { buffer: GOOD.png, filename: 'shell.html', contentType: 'text/html' }],
        // A complete, decodable JPEG with HTML/JS after its end: accepted as the image, the trailer dropped.
        [
          'complete JPEG + HTML trailer',
          { buffer: Buffer.concat([GOOD.jpeg, Buffer.from(HTML)]), filename: 'poly.jpg', contentType: 'image/jpeg' },
        ],
      ];
      for (const [label, file] of cases) {
        const res = await endpoint.send(t, who, file);
        expect([label, res.status]).toEqual([label, [200, 201].includes(res.status) ? res.status : 'accepted']);
        const key = await endpoint.storedKey(t, who, res.body);
        expect([label, key]).toEqual([label, expect.stringMatching(endpoint.keyPattern)]);
        // The answer names the stored file by the server's key (or a route), never by the client's name.
        const text = JSON.stringify(res.body);
        for (const bit of ['passwd', 'cron', 'pwned', 'evil', 'shell', 'onerror', 'aaaaaaaaaa', '..'])
          expect([label, text.includes(bit)]).toEqual([label, false]);
        if (endpoint.store === 'media') {
          expect(text).toContain(`/api/v1/media/${key}`);
          const served = await t.http().get(`/api/v1/media/${key}`).buffer(true).expect(200);
          expect(served.headers['content-type']).toBe('image/webp');
          expect(served.headers['x-content-type-options']).toBe('nosniff');
        }
        // The bytes on disk are a re-encoded image without the trailer.
        const raw = (await storedBytes(t, endpoint.store, key as string)) as Buffer;
        const bytes = await sharp(raw).toBuffer({ resolveWithObject: true });
        expect([label, bytes.info.format]).toEqual([label, endpoint.store === 'media' ? 'webp' : 'jpeg']);
        expect([label, raw.includes(Buffer.from('<script')) || raw.includes(Buffer.from('onerror'))]).toEqual([
          label,
          false,
        ]);
      }
      // Nothing was written anywhere under a name the client chose.
      for (const path of await storedKeys(t))
        expect(path).toMatch(/^(avatars|products|kyc)\/[a-f0-9]{32}(-card)?\.(webp|jpg)$/);
      expect(filesUnder(t.dir).filter((p) => /passwd|evil|pwned|\.php|\.html|x\.png/.test(p))).toEqual([]);
    });
  });

  it('files over UPLOAD_MAX_BYTES are a 413 in the API error shape on every endpoint, and nothing is stored', async () => {
    const small = await startTestApp({ UPLOAD_MAX_BYTES: '4096', UPLOAD_RATE_LIMIT: '100000' });
    try {
      const [admin, vendor, customer] = [
        await signUp(small, { role: 'admin' }),
        await signUp(small, { role: 'vendor' }),
        await signUp(small),
      ];
      const categoryId = (
        await small.http().post('/api/v1/categories').set(auth(admin.token)).send({ name: 'Big' }).expect(201)
      ).body.data.id as number;
      const productId = (
        await productFields(small.http().post('/api/v1/products').set(auth(vendor.token)), categoryId, 'Big').expect(
          201,
        )
      ).body.data.id as number;
      const smallWho: Accounts = { admin, vendor, customer, categoryId, productId, kycCustomer: async () => customer };
      const big = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123' } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      for (const endpoint of endpoints) {
        const res = await endpoint.send(small, smallWho, {
          buffer: big,
          filename: 'big.png',
          contentType: 'image/png',
        });
        expect([endpoint.name, res.status, typeof res.body.message]).toEqual([endpoint.name, 413, 'string']);
      }
      expect(await storedKeys(small)).toEqual([]);
      expect(await small.db.getRepository(KycSubmission).count()).toBe(0);
    } finally {
      await small.close();
    }
  });
});
