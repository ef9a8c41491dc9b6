// The CRC-32 of two byte runs laid end to end from the CRC-32 of each and the second's length (zlib's
// crc32_combine, which node does not expose), so a document compressed in pieces gets its checksum without a reread.

/** The reflected CRC-32 polynomial, as zlib's tables use it. */
const polynomial = 0xedb88320;

/** a * b modulo the polynomial, both reflected: a bit-serial multiplication over GF(2). */
function multiplyModulo(a: number, b: number): number {
  let mask = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & mask) {
      product ^= b;
      if ((a & (mask - 1)) === 0) break;
    }
    mask >>>= 1;
    b = b & 1 ? (b >>> 1) ^ polynomial : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k from 0 to 31. */
const powers: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++, p = multiplyModulo(p, p)) powers.push(p);

/** x^(8 * bytes) modulo the polynomial: the shift that appending `bytes` bytes applies to a CRC. */
function shiftOf(bytes: number): number {
  let result = 0x80000000;
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) result = multiplyModulo(powers[k & 31], result);
  }
  return result;
}

/** The CRC-32 of A then B, from crc(A), crc(B) and B's length in bytes. */
export function crc32Combine(first: number, second: number, secondLength: number): number {
  return (multiplyModulo(shiftOf(secondLength), first) ^ second) >>> 0;
}
