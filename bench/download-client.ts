// One measured download in a fresh process: `BuildServiceClient.downloadArtifact` only, so the
// peak RSS reported is that of a process whose job is the download. The key comes by environment.
// No top-level await: the benchmark bundles this file with ncc, as the action is bundled.
import { readFileSync } from 'node:fs';
import { BuildServiceClient } from '../src/api/client.ts';

/**
 * Peak RSS of this process. On Linux, getrusage's maxrss (`process.resourceUsage().maxRSS`) also
 * counts the parent's RSS at fork time, before exec; VmHWM covers this process image only.
 */
function peakRssBytes(): number {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kib = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
    if (kib !== undefined) return Number(kib) * 1024;
  } catch {
    // Not Linux: getrusage is the best there is.
  }
  return process.resourceUsage().maxRSS * 1024;
}

async function main(): Promise<void> {
  const [baseUrl = '', buildId = '', directory = ''] = process.argv.slice(2);
  const client = new BuildServiceClient({ baseUrl, apiKey: process.env.BENCH_API_KEY ?? '' });
  const started = process.hrtime.bigint();
  const result = await client.downloadArtifact(buildId, { directory });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await client.close();
  const report = {
    seconds,
    size: result.size,
    sha256: result.sha256,
    path: result.path,
    maxRssBytes: peakRssBytes(),
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
