// One measured download in a fresh process: `BuildServiceClient.downloadArtifact` only, so the
// peak RSS reported is that of a process whose job is the download. The key comes by environment.
// No top-level await: the benchmark bundles this file with ncc, as the action is bundled.
import { BuildServiceClient } from '../src/api/client.ts';

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
    // resourceUsage().maxRSS is in KiB.
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
