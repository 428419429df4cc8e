// Read buffers of a fast download are garbage as soon as they are copied into a batch, but V8 frees
// them only when its young generation fills or 64 MiB of such external memory has piled up: until
// then the process holds memory it no longer needs, and the allocator hands out fresh pages
// instead of the ones just freed. A cheap young-generation collection every few MiB returns them
// at once. There is no public API for it, so the collector is borrowed by switching a V8 flag at
// run time (borrowCollector, the action's one place that sets a V8 flag). Node calls a flag
// changed after start unpredictable: where borrowing fails, nothing is done, and
// __tests__/http/memory.test.ts fails when the Node the project ships stops giving the collection.
//
// What it earns (bench/README.md, "Why memory.ts", 2026-11-25: the whole action, 512 MiB over
// TLS 1.3, 3 runs each): 360–388 MiB/s with it against 260–323 without (+28 % between the
// middles), and a peak RSS of 118 MiB against 175–191.
import v8 from 'node:v8';
import vm from 'node:vm';

type Collect = (options: { type: 'minor' }) => void;

// Collecting more often than every 8 MiB keeps a large download's peak down (bench/README.md).
const RELEASE_EVERY_BYTES = 2 * 1024 * 1024;

/**
 * The one place of the action that sets a V8 flag (__tests__/http/v8-flags.test.ts holds every
 * other file of src/ to that): `--expose-gc` on, `gc` taken from a fresh context, the flag off
 * again at once.
 */
function borrowCollector(): Collect | undefined {
  try {
    v8.setFlagsFromString('--expose-gc');
    const collect: unknown = vm.runInNewContext('gc');
    return typeof collect === 'function' ? (collect as Collect) : undefined;
  } catch {
    return undefined;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/** Borrowed once per process: null until then, undefined where the runtime would not lend it. */
let collector: Collect | null | undefined = null;

/** Returns a function to call with the bytes received so far; it collects every `everyBytes`. */
export function releaseReadBuffers(everyBytes = RELEASE_EVERY_BYTES): (received: number) => void {
  if (collector === null) collector = borrowCollector();
  return collectEvery(everyBytes, collector);
}

/** Calls `collect` whenever the bytes received pass the next `everyBytes`; without it, nothing. */
export function collectEvery(
  everyBytes: number,
  collect: Collect | undefined,
): (received: number) => void {
  if (collect === undefined) return () => {};
  let next = everyBytes;
  return (received) => {
    if (received < next) return;
    collect({ type: 'minor' });
    next = received + everyBytes;
  };
}
