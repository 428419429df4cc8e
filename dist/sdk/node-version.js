// Runs before the bundle (index.js imports it first): on an older Node the bundle fails while it
// loads, with an error that does not say why (undici, inside it, needs zlib's zstd).
import { createRequire } from 'node:module';

const { name, engines } = createRequire(import.meta.url)('./package.json');
const needed = engines.node.replace(/^>=\s*/, '');
const parts = (version) => version.split('.').map(Number);

/** Whether `version` (e.g. `20.20.2`) is older than `minimum` (e.g. `22.19.0`). */
function older(version, minimum) {
  const [have, want] = [parts(version), parts(minimum)];
  for (let i = 0; i < want.length; i += 1) {
    if ((have[i] ?? 0) !== want[i]) return (have[i] ?? 0) < want[i];
  }
  return false;
}

if (older(process.versions.node, needed)) {
  throw new Error(
    `${name} needs Node ${needed} or newer; this is Node ${process.versions.node}. Install a newer Node (22 LTS or 24 LTS) and run again.`,
  );
}
