/**
 * How many bytes deflate data inflates to, the way pdf.js's FlateStream inflates it: its decoding
 * steps followed one for one, only the output never written. pdf.js checks less than zlib does (no
 * complete Huffman codes, no distances within the output, empty stored blocks with both lengths 0,
 * no checksum), so zlib would refuse, at its first bytes, data pdf.js inflates to the end; and as
 * only lengths are summed, no window is kept and nothing is allocated for the output.
 */

/** Huffman codes as FlateStream builds them: indexed by the next `maxLength` bits, each entry the code's length << 16 | its symbol, 0 for none. */
interface HuffmanTable {
  codes: Int32Array;
  maxLength: number;
}

function huffmanTable(lengths: Uint8Array): HuffmanTable {
  let maxLength = 0;
  for (const length of lengths) maxLength = Math.max(maxLength, length);
  const size = 1 << maxLength;
  const codes = new Int32Array(size);
  for (let length = 1, code = 0, skip = 2; length <= maxLength; length += 1, code <<= 1, skip <<= 1) {
    for (let symbol = 0; symbol < lengths.length; symbol += 1) {
      if (lengths[symbol] !== length) continue;
      // deflate sends a code's bits most significant first; the table is indexed least significant first
      let reversed = 0;
      for (let bit = 0, rest = code; bit < length; bit += 1, rest >>= 1) reversed = (reversed << 1) | (rest & 1);
      for (let index = reversed; index < size; index += skip) codes[index] = (length << 16) | symbol;
      code += 1;
    }
  }
  return { codes, maxLength };
}

const fixedLiteralTable = huffmanTable(Uint8Array.from({ length: 288 }, (_, symbol) => (symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8)));
const fixedDistanceTable = huffmanTable(new Uint8Array(30).fill(5));
/** The base length and extra bits of length symbols 257 to 287 (deflate leaves 286 and 287 unused; FlateStream copies 258 for them). */
const lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258, 258, 258];
const lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0, 0, 0];
/** The extra bits of distance symbols 0 to 29: read past, as only lengths count. */
const distanceExtraBits = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
/** The order in which a dynamic block gives the lengths of its code-length codes. */
const codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** Where FlateStream stops: the data ran out or cannot be decoded. */
class FlateEnds extends Error {}

/** Bits least significant first, loaded a byte at a time exactly when FlateStream loads them (a stored block reads the bytes after). */
class BitReader {
  private held = 0;
  private heldCount = 0;

  constructor(
    private readonly data: Uint8Array,
    public at: number,
  ) {}

  bits(count: number): number {
    while (this.heldCount < count) {
      if (this.at >= this.data.length) throw new FlateEnds();
      this.held |= this.data[this.at++]! << this.heldCount;
      this.heldCount += 8;
    }
    const value = this.held & ((1 << count) - 1);
    this.held >>= count;
    this.heldCount -= count;
    return value;
  }

  code(table: HuffmanTable): number {
    while (this.heldCount < table.maxLength && this.at < this.data.length) {
      this.held |= this.data[this.at++]! << this.heldCount;
      this.heldCount += 8;
    }
    const entry = table.codes[this.held & ((1 << table.maxLength) - 1)]!;
    const length = entry >> 16;
    if (length < 1 || this.heldCount < length) throw new FlateEnds();
    this.held >>= length;
    this.heldCount -= length;
    return entry & 0xffff;
  }

  byte(): number {
    if (this.at >= this.data.length) throw new FlateEnds();
    return this.data[this.at++]!;
  }

  /** What FlateStream does after a stored block's header: bits still held are dropped. */
  dropHeld(): void {
    this.held = 0;
    this.heldCount = 0;
  }

  get ended(): boolean {
    return this.at >= this.data.length;
  }
}

function dynamicTables(reader: BitReader): [HuffmanTable, HuffmanTable] {
  const literalCount = reader.bits(5) + 257;
  const distanceCount = reader.bits(5) + 1;
  const codeLengthCount = reader.bits(4) + 4;
  const codeLengthLengths = new Uint8Array(codeLengthOrder.length);
  for (let index = 0; index < codeLengthCount; index += 1) codeLengthLengths[codeLengthOrder[index]!] = reader.bits(3);
  const codeLengthTable = huffmanTable(codeLengthLengths);
  const lengths = new Uint8Array(literalCount + distanceCount);
  let previous = 0;
  for (let index = 0; index < lengths.length; ) {
    const symbol = reader.code(codeLengthTable);
    if (symbol < 16) {
      lengths[index++] = previous = symbol;
      continue;
    }
    const [extraBits, base] = symbol === 16 ? [2, 3] : symbol === 17 ? [3, 3] : [7, 11];
    if (symbol !== 16) previous = 0;
    // a repeat may run past the last length: FlateStream's typed array drops those writes, and so does this one
    for (let repeat = reader.bits(extraBits) + base; repeat > 0; repeat -= 1) lengths[index++] = previous;
  }
  return [huffmanTable(lengths.subarray(0, literalCount)), huffmanTable(lengths.subarray(literalCount))];
}

/**
 * How many bytes FlateStream would write inflating the deflate data from `at` (just after the zlib
 * header) to its last block or until it cannot go on, counting what a block wrote before it broke
 * off; or how many it read, when that is more, so that data which reads far and writes little
 * (empty blocks) costs this count as much as it costs the time to walk it. Stops once past `limit`,
 * answering a number above it.
 */
export function flateInflatedLength(data: Uint8Array, at: number, limit: number): number {
  const reader = new BitReader(data, at);
  let length = 0;
  const counted = () => Math.max(length, Math.min(reader.at, data.length) - at);
  try {
    for (let last = false; !last && counted() <= limit; ) {
      const header = reader.bits(3);
      last = (header & 1) === 1;
      const type = header >> 1;
      if (type === 0) {
        const size = reader.byte() | (reader.byte() << 8);
        const check = reader.byte() | (reader.byte() << 8);
        if (check !== (~size & 0xffff) && (size !== 0 || check !== 0)) break;
        reader.dropHeld();
        // FlateStream takes the block's declared size even when fewer bytes follow
        length += size;
        reader.at += size;
        if (reader.ended) break;
        continue;
      }
      if (type === 3) break;
      const [literals, distances] = type === 1 ? [fixedLiteralTable, fixedDistanceTable] : dynamicTables(reader);
      for (;;) {
        const symbol = reader.code(literals);
        if (symbol === 256) break;
        if (symbol < 256) {
          length += 1;
        } else {
          const lengthExtra = lengthExtraBits[symbol - 257]!;
          length += lengthBases[symbol - 257]! + (lengthExtra > 0 ? reader.bits(lengthExtra) : 0);
          // distance symbols 30 and 31 are unused too: FlateStream reads no extra bits for them
          const distanceExtra = distanceExtraBits[reader.code(distances)] ?? 0;
          if (distanceExtra > 0) reader.bits(distanceExtra);
        }
        if (length > limit) return length;
      }
    }
  } catch (error) {
    if (!(error instanceof FlateEnds)) throw error;
  }
  return counted();
}
