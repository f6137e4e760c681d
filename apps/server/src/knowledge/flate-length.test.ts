import { randomBytes } from 'node:crypto';
import { constants, deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { flateBombContent } from '../../test/fixtures/pdf-bomb.js';
import { flateInflatedLength } from './flate-length.js';

const mib = 1024 * 1024;
/** The data after a zlib stream's two-byte header, where the count starts. */
const afterHeader = 2;
const operators = Array.from({ length: 3000 }, (_, line) => `BT /F1 ${9 + (line % 4)} Tf 72 ${800 - (line % 60) * 12} Td (Line ${line}: spread ${(line * 7919) % 1013} pips) Tj ET`).join('\n');

describe('flateInflatedLength', () => {
  it('counts what zlib inflates, for data compressed every way zlib compresses it', () => {
    const inputs = [Buffer.from(operators), Buffer.alloc(300_000, 'q Q ')];
    const strategies = [constants.Z_DEFAULT_STRATEGY, constants.Z_FILTERED, constants.Z_HUFFMAN_ONLY, constants.Z_RLE, constants.Z_FIXED];
    for (const input of inputs) {
      for (const level of [1, 6, 9]) {
        for (const strategy of strategies) {
          const compressed = deflateSync(input, { level, strategy });
          expect(flateInflatedLength(compressed, afterHeader, Infinity), `level ${level}, strategy ${strategy}`).toBe(input.length);
        }
      }
    }
    // blocks flushed one by one, as the bomb's are
    const bomb = flateBombContent({ inflatedBytes: 8 * mib });
    expect(flateInflatedLength(bomb, afterHeader, Infinity)).toBe(inflateSync(bomb).length);
  });

  it('counts stored (uncompressed) blocks by what they hold and the few header bytes read', () => {
    const input = randomBytes(200_000);
    const counted = flateInflatedLength(deflateSync(input, { level: 0 }), afterHeader, Infinity);
    expect(counted).toBeGreaterThanOrEqual(input.length);
    expect(counted).toBeLessThan(input.length + 100);
  });

  it('stops soon past its limit, answering more than it', () => {
    const started = performance.now();
    const counted = flateInflatedLength(flateBombContent({ inflatedBytes: 1024 * mib }), afterHeader, 16 * mib);
    expect(counted).toBeGreaterThan(16 * mib);
    expect(counted).toBeLessThan(16 * mib + 300);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('counts data pdf.js inflates and zlib refuses, and what a stream gave before it broke off', () => {
    const bomb = flateBombContent({ inflatedBytes: 8 * mib });
    const inflated = inflateSync(bomb).length;
    // an empty stored block with both lengths 0 first: zlib stops there, pdf.js reads on
    const emptyStoredFirst = Buffer.concat([Buffer.from([0x00, 0, 0, 0, 0]), bomb.subarray(afterHeader)]);
    expect(flateInflatedLength(emptyStoredFirst, 0, Infinity)).toBe(inflated);
    // the last block and the checksum replaced by a block of a type that does not exist
    const brokenOff = Buffer.concat([bomb.subarray(0, bomb.length - 6), Buffer.from([0xff, 0xff])]);
    expect(flateInflatedLength(brokenOff, afterHeader, Infinity)).toBe(inflated);
    const cutShort = bomb.subarray(0, bomb.length / 2);
    expect(flateInflatedLength(cutShort, afterHeader, Infinity)).toBeGreaterThan(3 * mib);
  });

  it('counts data that reads far and writes nothing by what it reads', () => {
    const emptyBlocks = Buffer.concat(Array.from({ length: 100_000 }, () => Buffer.from([0x00, 0x00, 0x00, 0xff, 0xff])));
    expect(flateInflatedLength(emptyBlocks, 0, Infinity)).toBe(emptyBlocks.length);
    expect(flateInflatedLength(emptyBlocks, 0, 1000)).toBeGreaterThan(1000);
  });

  it('ends on any bytes at all, without throwing', () => {
    for (let round = 0; round < 2000; round += 1) {
      expect(flateInflatedLength(randomBytes(1 + (round % 700)), 0, 16 * mib)).toBeGreaterThanOrEqual(0);
    }
  });
});
