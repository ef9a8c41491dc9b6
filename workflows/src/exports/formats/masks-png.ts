// PNG files of mask exports, written without a native library so the domain stays portable: 8-bit grey or RGB,
// one IDAT compressed with deflate's fixed codes and matches one pixel back, which is what makes flat regions small.
const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array, start = 0xffffffff): number {
  let c = start;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return c;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length; ) {
    // 5552 bytes is the most that cannot overflow before the modulo.
    const end = Math.min(bytes.length, i + 5552);
    for (; i < end; i++) {
      a += bytes[i];
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** Bits least significant first, as deflate reads them. */
class BitWriter {
  private bytes = new Uint8Array(1 << 16);
  private length = 0;
  private bits = 0;
  private count = 0;

  write(value: number, width: number): void {
    this.bits |= value << this.count;
    this.count += width;
    while (this.count >= 8) {
      this.push(this.bits & 0xff);
      this.bits >>>= 8;
      this.count -= 8;
    }
  }

  /** A Huffman code, which deflate stores most significant bit first. */
  code(value: number, width: number): void {
    let reversed = 0;
    for (let i = 0; i < width; i++) reversed |= ((value >> i) & 1) << (width - 1 - i);
    this.write(reversed, width);
  }

  finish(): Uint8Array {
    if (this.count > 0) this.push(this.bits & 0xff);
    this.bits = 0;
    this.count = 0;
    return this.bytes.subarray(0, this.length);
  }

  private push(byte: number): void {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = byte;
  }
}

const lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const lengthExtras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];

/** A literal or length symbol in deflate's fixed code. */
function symbol(out: BitWriter, value: number): void {
  if (value < 144) out.code(0x30 + value, 8);
  else if (value < 256) out.code(0x190 + value - 144, 9);
  else if (value < 280) out.code(value - 256, 7);
  else out.code(0xc0 + value - 280, 8);
}

/** A zlib stream of the bytes: one fixed-code block, repeats found at one distance (a pixel's width, at most 4). */
function zlib(data: Uint8Array, distance: number): Uint8Array {
  const out = new BitWriter();
  out.write(0x78, 8);
  out.write(0x01, 8);
  out.write(1, 1);
  out.write(1, 2);
  let i = 0;
  while (i < data.length) {
    let run = 0;
    if (i >= distance) while (run < 258 && i + run < data.length && data[i + run] === data[i + run - distance]) run++;
    if (run < 3) {
      symbol(out, data[i]);
      i += 1;
      continue;
    }
    let code = lengthBases.length - 1;
    while (lengthBases[code] > run) code--;
    symbol(out, 257 + code);
    if (lengthExtras[code] > 0) out.write(run - lengthBases[code], lengthExtras[code]);
    out.code(distance - 1, 5);
    i += run;
  }
  symbol(out, 256);
  const deflated = out.finish();
  const stream = new Uint8Array(deflated.length + 4);
  stream.set(deflated);
  new DataView(stream.buffer).setUint32(deflated.length, adler32(data));
  return stream;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(12 + data.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) bytes[4 + i] = type.charCodeAt(i);
  bytes.set(data, 8);
  view.setUint32(8 + data.length, (crc32(bytes.subarray(4, 8 + data.length)) ^ 0xffffffff) >>> 0);
  return bytes;
}

const signature = [137, 80, 78, 71, 13, 10, 26, 10];

/** A PNG of pixels row by row, one byte a channel: 1 channel is grey, 3 are RGB. */
export function encodePng(width: number, height: number, channels: 1 | 3, pixels: Uint8Array): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, channels === 1 ? 0 : 2, 0, 0, 0], 8);
  // Each row starts with its filter, none: the repeats of flat regions compress without one.
  const row = width * channels;
  const raw = new Uint8Array((row + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * row, (y + 1) * row), y * (row + 1) + 1);
  const parts = [Uint8Array.from(signature), chunk('IHDR', header), chunk('IDAT', zlib(raw, channels)), chunk('IEND', new Uint8Array(0))];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}
