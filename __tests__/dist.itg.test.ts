// dist/ is committed and is what the runner executes: it must be what `npm run bundle` makes from
// src/ now, or a release would ship code nobody reviewed. The bundle records the hashes of what it
// was built from and what it wrote (dist/manifest.json); checking them takes milliseconds, where a
// rebuild takes minutes (that is `npm run check-dist`, and CI's check-dist job).
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { staleness } from '../scripts/dist-manifest.ts';
import type { Reply, Request } from '../src/service/hashing/thread-main.ts';
import { hashWorkerUrl } from '../src/service/hashing/thread-writer.ts';

const repo = path.resolve(import.meta.dirname, '..');
const dist = path.join(repo, 'dist');

/** Has the thread at `workerUrl` write `data` to `filePath`; its sha256 as the thread answers. */
async function hashOnThread(workerUrl: URL, data: Buffer, filePath: string): Promise<string> {
  const worker = new Worker(workerUrl);
  const fd = openSync(filePath, 'w');
  try {
    const digest = new Promise<string>((resolve, reject) => {
      worker.on('error', reject);
      worker.on('message', (reply: Reply) => {
        if (reply.kind === 'digest') resolve(reply.sha256);
        if (reply.kind === 'failed') reject(new Error(reply.message));
      });
    });
    const memory = new Uint8Array(data).buffer;
    const requests: Request[] = [
      { kind: 'open', file: 1, fd },
      { kind: 'write', file: 1, memory, length: data.length, position: 0 },
      { kind: 'digest', file: 1 },
    ];
    for (const request of requests) {
      worker.postMessage(request, request.kind === 'write' ? [request.memory] : []);
    }
    return await digest;
  } finally {
    await worker.terminate();
    closeSync(fd);
  }
}

describe('dist/', () => {
  it('was built by `npm run bundle` from the sources as they are now', () => {
    const { inputs, outputs } = staleness(repo, dist);
    expect(inputs, 'changed since dist/ was built: run `npm run bundle` and commit dist/').toEqual(
      [],
    );
    expect(
      outputs,
      'dist/ is not what `npm run bundle` wrote (edited by hand or missing): run `npm run bundle` and commit dist/',
    ).toEqual([]);
  });

  it('has the hashing thread beside every bundle that starts it, and the thread runs', async () => {
    const starters = readdirSync(dist, { recursive: true, withFileTypes: true })
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter(
        (file) => file.endsWith('.js') && readFileSync(file, 'utf8').includes('hashWorkerUrl('),
      );
    expect(starters.length).toBeGreaterThanOrEqual(4);
    const data = randomBytes(3 * 1024 * 1024 + 5);
    const sha256 = createHash('sha256').update(data).digest('hex');
    const written = path.join(os.tmpdir(), `dist-thread-${process.pid}.part`);
    try {
      for (const starter of starters) {
        const workerUrl = hashWorkerUrl(pathToFileURL(starter).href);
        expect(await hashOnThread(workerUrl, data, written), starter).toBe(sha256);
        expect(readFileSync(written).equals(data), starter).toBe(true);
      }
    } finally {
      rmSync(written, { force: true });
    }
  });
});
