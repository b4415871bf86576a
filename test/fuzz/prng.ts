/**
 * A small seedable PRNG (mulberry32) so a fuzz run is reproducible from its seed alone.
 */
export class Prng {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

/** The seed from `FUZZ_SEED` (decimal or 0x hex), else `fallback`. */
export function seedFromEnv(fallback: number): number {
  const raw = process.env.FUZZ_SEED?.trim();
  if (!raw) return fallback;
  const value = raw.startsWith('0x') ? Number.parseInt(raw.slice(2), 16) : Number(raw);
  if (!Number.isInteger(value)) throw new Error(`FUZZ_SEED must be an integer, got "${raw}"`);
  return value >>> 0;
}
