// Run by tls.itg.test.ts in a process of its own, with NODE_TLS_REJECT_UNAUTHORIZED=0 in its
// environment (set in a test worker, it would turn verification off, and warn, for all that runs
// there after it). Calls the API (`list`) or downloads (`download`) from BASE_URL, and prints the
// error's code, class name and message as JSON.
import { BuildServiceClient } from '../../src/service/client.ts';

const [what = 'list'] = process.argv.slice(2);
const client = new BuildServiceClient({
  baseUrl: process.env.BASE_URL ?? '',
  apiKey: 'key-123',
  retry: { maxAttempts: 5, baseDelayMs: 5, maxDelayMs: 20, maxElapsedMs: 5_000 },
});
try {
  const call =
    what === 'download'
      ? client.downloadArtifact('b1', { directory: process.env.DIRECTORY ?? '' })
      : client.listProjects();
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  const {
    code = null,
    name = null,
    message = null,
  } = (error as { code?: string; name?: string; message?: string } | undefined) ?? {};
  console.log(JSON.stringify({ code, name, message }));
} finally {
  await client.close();
}
