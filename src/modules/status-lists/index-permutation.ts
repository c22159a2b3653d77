// Where a list's n-th credential sits. Bitstring Status List v1.0 §6.5 (herd privacy) asks issuers to assign
// indexes at random, so that an index says nothing of when a credential was issued or who was issued next to
// it. The database still hands out slots 0, 1, 2, … of a list in order (one UPDATE, so no two callers ever
// get the same slot: see status-lists.repository.ts), and the index is slot n under a keyed pseudo-random
// permutation of [0, size): distinct slots can never collide, without a look-up of used indexes, and any
// number of instances agree. Each list has its own random key, kept in the database and never published.
//
// The permutation is a 4-round Feistel network (Luby–Rackoff: a strong pseudo-random permutation when the
// round function is a PRF; HMAC-SHA-256 here) over the smallest even number of bits that covers the list,
// restricted to [0, size) by cycle walking (Black & Rogaway, "Ciphers with Arbitrary Finite Domains"):
// re-apply until the value falls inside. The domain is under 4 × size, so that takes few steps on average.
import { createHmac } from 'node:crypto';
import { boundedMemo } from '../../lib/memo.js';

const ROUNDS = 4;
/** Round tables are kept for lists of up to 2^20 entries (16 KiB each); larger ones compute every round. */
const MAX_TABLE_HALF_BITS = 10;
/** Lists whose round tables stay in memory: the ones being issued from, in practice a few per tenant. */
const MAX_TABLES = 256;

/** The index of slot `slot` of a list of `size` entries whose permutation key is `key`. */
export function permuteIndex(key: Uint8Array, size: number, slot: number): number {
  return permutationOf(key, size)(slot);
}

/**
 * The permutation of a list, as a function of the slot. A round's output depends only on its round number
 * and half (at most 2^halfBits values): each HMAC is computed once and kept in the list's round table, so
 * that a warm list costs a few array reads per index instead of about eight HMACs. The indexes are the
 * same either way.
 */
export function permutationOf(key: Uint8Array, size: number): (slot: number) => number {
  if (!Number.isInteger(size) || size < 1 || size > 2 ** 30) throw new RangeError(`bad list size ${size}`);
  if (key.length < 16) throw new RangeError('a permutation key needs at least 16 bytes');
  const halfBits = Math.max(1, Math.ceil(Math.ceil(Math.log2(size)) / 2));
  const round =
    halfBits <= MAX_TABLE_HALF_BITS
      ? tabledRounds(`${Buffer.from(key).toString('base64')}:${halfBits}`)
      : (r: number, half: number) => roundFunction(key, r, half) & (2 ** halfBits - 1);
  return (slot) => {
    if (!Number.isInteger(slot) || slot < 0 || slot >= size) {
      throw new RangeError(`slot ${slot} is outside 0..${size - 1}`);
    }
    let value = slot;
    do value = feistel(round, halfBits, value);
    while (value >= size);
    return value;
  };
}

type Round = (round: number, half: number) => number;

/** Round outputs (masked to halfBits) of one key, filled as they are first needed; -1: not yet computed. */
const tabledRounds = boundedMemo(MAX_TABLES, (id: string): Round => {
  const [keyBase64, bits] = id.split(':');
  const key = Buffer.from(keyBase64!, 'base64');
  const halfBits = Number(bits);
  const mask = 2 ** halfBits - 1;
  const table = new Int32Array(ROUNDS << halfBits).fill(-1);
  return (round, half) => {
    const slot = (round << halfBits) | half;
    let output = table[slot]!;
    if (output < 0) output = table[slot] = roundFunction(key, round, half) & mask;
    return output;
  };
});

function feistel(round: Round, halfBits: number, value: number): number {
  const mask = 2 ** halfBits - 1;
  let left = Math.floor(value / 2 ** halfBits);
  let right = value & mask;
  for (let r = 0; r < ROUNDS; r++) {
    // left <= mask, so masking the round output first changes nothing.
    const next = (left ^ round(r, right)) & mask;
    left = right;
    right = next;
  }
  return left * 2 ** halfBits + right;
}

function roundFunction(key: Uint8Array, round: number, half: number): number {
  const input = Buffer.alloc(5);
  input.writeUInt8(round, 0);
  input.writeUInt32BE(half, 1);
  return createHmac('sha256', key).update(input).digest().readUInt32BE(0);
}
