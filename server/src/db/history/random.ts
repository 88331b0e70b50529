import { createHash } from 'node:crypto';

/**
 * The history generator's only source of chance: a seeded generator (sfc32, 128 bits of state), so
 * the same seed and user always give the same rows, and ids that are unique per user without a
 * clock or a random device.
 */
export type Random = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both inclusive. */
  int: (min: number, max: number) => number;
  /** True with the given probability. */
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** One of the items, each as likely as its weight. */
  weighted: <T>(items: ReadonlyArray<readonly [T, number]>) => T;
};

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function createRandom(seed: number): Random {
  const init = splitmix32(seed);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const nextUint = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  // The first outputs still carry the seed's pattern: discard them.
  for (let i = 0; i < 12; i += 1) nextUint();
  const next = () => nextUint() / 4_294_967_296;
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let left = next() * total;
      for (const [item, weight] of items) {
        left -= weight;
        if (left < 0) return item;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
  };
  return random;
}

/**
 * Ids for one user's history: ten bytes from a hash of the user and the seed, then a counter, in
 * the form of a version-4 UUID. Two users (or two seeds) never share a prefix in practice, and one
 * user's ids never repeat.
 */
export function idFactory(userId: string, seed: number): () => string {
  const prefix = createHash('sha256').update(`bidwright-history:${userId}:${seed}`).digest();
  const bytes = Buffer.alloc(16);
  prefix.copy(bytes, 0, 0, 10);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  let counter = 0;
  return () => {
    counter += 1;
    bytes.writeUIntBE(counter, 10, 6);
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}
