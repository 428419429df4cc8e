// The API key and the artifact go only to a server whose certificate checks out, even when the
// environment turns verification off for the rest of the process. The client runs in a process of
// its own (tls-child.ts) with that environment, so the test worker keeps verification (and no
// warning about it).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url));

// Each test starts a Node process, which a loaded machine makes slow.
describe('TLS with NODE_TLS_REJECT_UNAUTHORIZED=0', { timeout: 60_000 }, () => {
  let server: Server;
  let baseUrl: string;
  let directory: string;
  const seen: Array<string | undefined> = [];

  /** Runs the client as tls-child.ts does; resolves to the error's code, name, message and stderr. */
  async function clientCall(what: 'list' | 'download') {
    const child = path.join(import.meta.dirname, 'tls-child.ts');
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [child, what], {
      env: {
        ...process.env,
        NODE_TLS_REJECT_UNAUTHORIZED: '0',
        BASE_URL: baseUrl,
        DIRECTORY: directory,
      },
    });
    type Failure = { code: string | null; name: string | null; message: string | null };
    return { ...(JSON.parse(stdout) as Failure), stderr };
  }

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
    baseUrl = `https://127.0.0.1:${port}/v1`;
    directory = await mkdtemp(path.join(os.tmpdir(), 'dba-tls-'));
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(directory, { recursive: true, force: true });
  });

  it('refuses an untrusted certificate on the API and never sends the key', async () => {
    const { code, name, message, stderr } = await clientCall('list');
    expect(code).toMatch(/CERT|SELF_SIGNED/);
    expect(seen).toEqual([]);
    // The endpoint, the host and the fix, not Node's bare text.
    expect(name).toBe('TlsError');
    expect(message).toMatch(
      /^GET \/projects: the TLS connection to 127\.0\.0\.1:\d+ failed \(\w+: .*\)\. .*NODE_EXTRA_CA_CERTS=/,
    );
    // The environment did turn verification off in that process: Node says so.
    expect(stderr).toContain('NODE_TLS_REJECT_UNAUTHORIZED');
  });

  it('refuses an untrusted certificate on the download', async () => {
    const { code, stderr } = await clientCall('download');
    expect(code).toMatch(/CERT|SELF_SIGNED/);
    expect(seen).toEqual([]);
    expect(stderr).toContain('NODE_TLS_REJECT_UNAUTHORIZED');
  });
});
