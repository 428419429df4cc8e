// The API key and the artifact go only to a server whose certificate checks out, even when the
// environment turns verification off for the rest of the process.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildServiceClient } from '../../src/service/client.ts';
import { FAST_RETRY } from './support.ts';

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url));

describe('TLS with NODE_TLS_REJECT_UNAUTHORIZED=0', () => {
  let server: Server;
  let client: BuildServiceClient;
  let directory: string;
  const seen: Array<string | undefined> = [];
  const saved = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

  beforeEach(async () => {
    seen.length = 0;
    server = createServer(
      { cert: fixture('localhost-cert.pem'), key: fixture('localhost-key.pem') },
      (req, res) => {
        seen.push(req.headers.authorization);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"projects":[]}');
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    client = new BuildServiceClient({
      baseUrl: `https://127.0.0.1:${port}/v1`,
      apiKey: 'key-123',
      retry: FAST_RETRY,
    });
    directory = await mkdtemp(path.join(os.tmpdir(), 'dba-tls-'));
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  });

  afterEach(async () => {
    if (saved === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = saved;
    await client.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(directory, { recursive: true, force: true });
  });

  it('refuses an untrusted certificate on the API and never sends the key', async () => {
    const error = await client.listProjects().catch((e: unknown) => e);
    expect((error as { code?: string }).code).toMatch(/CERT|SELF_SIGNED/);
    expect(seen).toEqual([]);
    // The endpoint, the host and the fix, not Node's bare text.
    expect(error).toMatchObject({ name: 'TlsError' });
    expect((error as Error).message).toMatch(
      /^GET \/projects: the TLS connection to 127\.0\.0\.1:\d+ failed \(\w+: .*\)\. .*NODE_EXTRA_CA_CERTS=/,
    );
  });

  it('refuses an untrusted certificate on the download', async () => {
    const error = await client.downloadArtifact('b1', { directory }).catch((e: unknown) => e);
    expect((error as { code?: string }).code).toMatch(/CERT|SELF_SIGNED/);
    expect(seen).toEqual([]);
  });
});
