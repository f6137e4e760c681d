import { crc32, inflateRawSync } from 'node:zlib';
import { KnowledgeParseError } from './parse-error.js';

/**
 * How much a DOCX may unpack to: its XML parts together at most `ratio` times the file's size
 * (text and markup compress about 5 to 50 times), never less than `floorBytes` (a small file's
 * styles and theme compress well too) nor more than `maxBytes` (Word's reader holds every part
 * as a DOM of some 40 times its size).
 */
export const docxUnpackLimits = { ratio: 100, floorBytes: 1024 * 1024, maxBytes: 64 * 1024 * 1024 } as const;

/** The most a DOCX of this many bytes may unpack to. */
export function docxUnpackCap(fileBytes: number, limits: typeof docxUnpackLimits = docxUnpackLimits): number {
  return Math.min(limits.maxBytes, Math.max(limits.floorBytes, fileBytes * limits.ratio));
}

/** The parts mammoth reads when images are not converted: XML, relationships and its own embedded style map. */
function isReadPart(name: string): boolean {
  return /\.(xml|rels)$/i.test(name) || name === 'mammoth/style-map';
}

const endOfDirectorySignature = 0x06054b50;
const directoryEntrySignature = 0x02014b50;
const localHeaderSignature = 0x04034b50;
const stored = 0;
const deflated = 8;

const damaged = () => new KnowledgeParseError({ code: 'docxDamaged', params: {} });

interface DirectoryEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderAt: number;
}

/** The archive's central directory (ZIP64 and encrypted archives are not Word documents this reads). */
function directoryOf(zip: Buffer): DirectoryEntry[] {
  const searchFrom = Math.max(0, zip.length - 22 - 0xffff);
  let end = -1;
  for (let at = zip.length - 22; at >= searchFrom; at -= 1) {
    if (zip.readUInt32LE(at) === endOfDirectorySignature) {
      end = at;
      break;
    }
  }
  if (end < 0) throw damaged();
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: DirectoryEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== directoryEntrySignature) throw damaged();
    const flags = zip.readUInt16LE(at + 8);
    const nameLength = zip.readUInt16LE(at + 28);
    if (flags & 1 || at + 46 + nameLength > zip.length) throw damaged();
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      localHeaderAt: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** An entry's compressed bytes, found through its local header. */
function compressedBytesOf(zip: Buffer, entry: DirectoryEntry): Buffer {
  const header = entry.localHeaderAt;
  if (header + 30 > zip.length || zip.readUInt32LE(header) !== localHeaderSignature) throw damaged();
  const start = header + 30 + zip.readUInt16LE(header + 26) + zip.readUInt16LE(header + 28);
  if (start + entry.compressedSize > zip.length) throw damaged();
  return zip.subarray(start, start + entry.compressedSize);
}

/**
 * The XML parts of a DOCX, unpacked, as long as together they stay within `capBytes`. Sizes the
 * archive declares are not trusted: each part is inflated with at most what is left of the cap as
 * its output limit, so a part that inflates further stops there, having used no more than that.
 */
export function unpackDocxParts(bytes: Uint8Array, capBytes: number): Map<string, Buffer> {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tooLarge = () => new KnowledgeParseError({ code: 'docxUnpacksTooLarge', params: { maxBytes: capBytes } });
  const parts = new Map<string, Buffer>();
  let total = 0;
  for (const entry of directoryOf(zip)) {
    if (!isReadPart(entry.name) || parts.has(entry.name)) continue;
    const compressed = compressedBytesOf(zip, entry);
    const left = capBytes - total;
    let content: Buffer;
    if (entry.method === stored) {
      content = compressed;
    } else if (entry.method === deflated) {
      try {
        content = inflateRawSync(compressed, { maxOutputLength: Math.max(1, left), chunkSize: 64 * 1024 });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
        throw damaged();
      }
    } else {
      throw damaged();
    }
    if (content.length > left) throw tooLarge();
    total += content.length;
    parts.set(entry.name, content);
  }
  return parts;
}

/** A ZIP archive holding these parts uncompressed: what mammoth opens once the parts are checked. */
export function storedZip(parts: Map<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of parts) {
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(localHeaderSignature, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(stored, 8);
    local.writeUInt32LE(crc32(content), 14);
    local.writeUInt32LE(content.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(directoryEntrySignature, 0);
    entry.writeUInt16LE(20, 4);
    local.copy(entry, 6, 4, 30); // the same fields, from "version needed" to the name's length
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, content);
    directory.push(entry, nameBytes);
    offset += local.length + nameBytes.length + content.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(endOfDirectorySignature, 0);
  end.writeUInt16LE(parts.size, 8);
  end.writeUInt16LE(parts.size, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}
