/**
 * Stored images carry no metadata (docs/security.md): an upload is decoded and encoded
 * again, upright, in its own format, so a phone photo's GPS position never reaches staff or the
 * public. A file whose pixels do not decode, or that describes a huge picture, answers 422.
 * tests/support/images/gps-rotated.jpg is a 48×24 JPEG (left half red, right half blue) with EXIF
 * orientation 6 (shown turned a quarter clockwise), a camera make and a GPS position (Lagos).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_ONLY_MESSAGE, IMAGE_TOO_LARGE_MESSAGE } from '../../server/files/uploads';
import { startTestServer, type TestServer } from '../support/server';
import { form, get, post, quote, signUp, type Customer } from '../support/api';

const sample = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../support/images', name));
const GPS_PHOTO = sample('gps-rotated.jpg');
/** The tag of EXIF's GPS section, as a little-endian TIFF writes it. */
const GPS_IFD_TAG = Buffer.from([0x25, 0x88]);

let server: TestServer;
let customer: Customer;
beforeAll(async () => {
  server = await startTestServer();
  customer = await signUp(server);
});
afterAll(async () => {
  await server?.close();
});

const uploadAvatar = (bytes: Buffer) =>
  post(
    server,
    `users/edit/${customer.id}`,
    form(
      { fullname: 'Ada Obi', phone: '08031234567' },
      { profile_image: new Blob([new Uint8Array(bytes)]) },
    ),
    customer.token,
  );

async function served(url: string): Promise<Buffer> {
  const answer = await fetch(`${server.origin}${url}`);
  expect(answer.status).toBe(200);
  return Buffer.from(await answer.arrayBuffer());
}

/** The colour of one pixel, as [red, green, blue]. */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

/** A PNG chunk with its length and CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose structure holds (chunks, CRCs, IEND) around any header and image data. */
function png(width: number, height: number, imageData: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', imageData),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('uploaded images', () => {
  it('lose their EXIF, GPS position included, and are stored upright', async () => {
    const original = await sharp(GPS_PHOTO).metadata();
    expect(original.orientation).toBe(6);
    expect(original.exif?.includes(GPS_IFD_TAG)).toBe(true);
    expect(GPS_PHOTO.includes('Relo Test Camera')).toBe(true);

    const uploaded = await uploadAvatar(GPS_PHOTO);
    expect(uploaded.status).toBe(200);
    const stored = await served(uploaded.body.data.profile_image);
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.includes('Exif\0\0')).toBe(false);
    expect(stored.includes('Relo Test Camera')).toBe(false);
    // Turned a quarter clockwise: 24 wide, 48 high, the red half on top.
    expect([metadata.width, metadata.height]).toEqual([24, 48]);
    const [red, , blue] = await pixel(stored, 12, 6);
    expect(red).toBeGreaterThan(200);
    expect(blue).toBeLessThan(60);
  });

  it('lose their EXIF as quote photos too, behind the signed link', async () => {
    const booked = await post(
      server,
      'users/Office-service',
      form(quote(), { file: new Blob([new Uint8Array(GPS_PHOTO)]) }),
      customer.token,
    );
    expect(booked.status).toBe(200);
    const order = await get(
      server,
      `users/orders/${booked.body.data.reference_number}`,
      customer.token,
    );
    const stored = await served(order.body.data.details.photos[0]);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes('Relo Test Camera')).toBe(false);
  });

  it('answer 422 when the pixels do not decode, though the structure holds', async () => {
    const answer = await uploadAvatar(
      png(16, 16, Buffer.from('not a deflate stream at all, only words')),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ profile_image: [IMAGE_ONLY_MESSAGE] });
  });

  it('answer 422 for a small file that describes a huge picture, before decoding it', async () => {
    const answer = await uploadAvatar(png(100_000, 100_000, zlib.deflateSync(Buffer.alloc(1024))));
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ profile_image: [IMAGE_TOO_LARGE_MESSAGE] });
  });
});
