/**
 * Where an image's own bytes end, by walking its structure: the PNG chunks up to IEND, the JPEG
 * segments and entropy-coded data up to the EOI marker (FFD9), the GIF blocks up to the trailer
 * (3B), the RIFF length of a WebP. Whatever follows (a polyglot's script, an archive) is not part
 * of the picture and is cut off; a file whose structure does not hold together is no image.
 */
export type ImageExt = 'png' | 'jpg' | 'gif' | 'webp';

function pngEnd(bytes: Buffer): number | null {
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const next = at + 12 + length;
    if (next > bytes.length) return null;
    if (type === 'IEND') return next;
    at = next;
  }
  return null;
}

/** Markers without a length: TEM, RST0–7 (SOI and EOI are handled apart). */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

function jpegEnd(bytes: Buffer): number | null {
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    while (bytes[at + 1] === 0xff) at += 1;
    const marker = bytes[at + 1]!;
    at += 2;
    if (marker === 0xd9) return at;
    if (standalone(marker)) continue;
    if (at + 2 > bytes.length) return null;
    at += bytes.readUInt16BE(at);
    if (marker !== 0xda) continue;
    // Entropy-coded data: FF is followed by 00 (a stuffed byte) or a restart marker, else a marker begins.
    while (
      at + 1 < bytes.length &&
      !(bytes[at] === 0xff && bytes[at + 1] !== 0x00 && !standalone(bytes[at + 1]!))
    )
      at += 1;
  }
  return null;
}

/** Data sub-blocks: a length byte, that many bytes, until a zero length. */
function afterSubBlocks(bytes: Buffer, start: number): number | null {
  let at = start;
  while (at < bytes.length) {
    const size = bytes[at]!;
    at += 1 + size;
    if (size === 0) return at <= bytes.length ? at : null;
  }
  return null;
}

const colorTableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);

function gifEnd(bytes: Buffer): number | null {
  if (bytes.length < 13) return null;
  let at: number | null = 13 + colorTableSize(bytes[10]!);
  while (at !== null && at < bytes.length) {
    const block = bytes[at]!;
    if (block === 0x3b) return at + 1;
    if (block === 0x21) at = afterSubBlocks(bytes, at + 2);
    else if (block === 0x2c && at + 10 <= bytes.length)
      at = afterSubBlocks(bytes, at + 10 + colorTableSize(bytes[at + 9]!) + 1);
    else return null;
  }
  return null;
}

function webpEnd(bytes: Buffer): number | null {
  if (bytes.length < 12) return null;
  const size = bytes.readUInt32LE(4);
  const end = 8 + size;
  return end <= bytes.length ? end : null;
}

const endOf: Record<ImageExt, (bytes: Buffer) => number | null> = {
  png: pngEnd,
  jpg: jpegEnd,
  gif: gifEnd,
  webp: webpEnd,
};

/** The image without anything after its end, or null when its structure is broken. */
export function trimmedImage(bytes: Buffer, ext: ImageExt): Buffer | null {
  const end = endOf[ext](bytes);
  return end === null ? null : bytes.subarray(0, end);
}
