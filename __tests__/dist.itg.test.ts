// dist/ is committed and is what the runner executes: it must be exactly what `npm run bundle`
// makes from src/ now, or a release would ship code nobody reviewed.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply, Request } from '../src/service/hashing/thread-main.ts';
import { hashWorkerUrl } from '../src/service/hashing/thread-writer.ts';

const repo = path.resolve(import.meta.dirname, '..');

function listFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(root, full) : [path.relative(root, full)];
  });
}

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
  const fresh = mkdtempSync(path.join(os.tmpdir(), 'dist-check-'));
  // Not a sync call, so the timeout can end it; the timeout only catches a hang (a 2-core machine
  // loaded by other work has taken 10 minutes over the build).
  beforeAll(async () => {
    await promisify(execFile)(process.execPath, ['scripts/bundle.ts', '--out', fresh], {
      cwd: repo,
      maxBuffer: 64 * 1024 * 1024,
    });
  }, 900_000);
  afterAll(() => rmSync(fresh, { recursive: true, force: true }));

  it('is what `npm run bundle` builds from src/', () => {
    const committed = path.join(repo, 'dist');
    const built = listFiles(fresh).sort();
    expect(listFiles(committed).sort(), 'files in dist/ differ: run `npm run bundle`').toEqual(
      built,
    );
    const stale = built.filter(
      (file) =>
        !readFileSync(path.join(fresh, file)).equals(readFileSync(path.join(committed, file))),
    );
    expect(stale, 'dist/ is stale: run `npm run bundle` and commit dist/').toEqual([]);
  });

  it('has the hashing thread beside every bundle that starts it, and the thread runs', async () => {
    const starters = listFiles(fresh).filter(
      (file) =>
        file.endsWith('.js') &&
        readFileSync(path.join(fresh, file), 'utf8').includes('hashWorkerUrl('),
    );
    expect(starters.length).toBeGreaterThanOrEqual(4);
    const data = randomBytes(3 * 1024 * 1024 + 5);
    const sha256 = createHash('sha256').update(data).digest('hex');
    for (const starter of starters) {
      const workerUrl = hashWorkerUrl(pathToFileURL(path.join(fresh, starter)).href);
      const written = path.join(fresh, 'written.part');
      expect(await hashOnThread(workerUrl, data, written), starter).toBe(sha256);
      expect(readFileSync(written).equals(data), starter).toBe(true);
      rmSync(written);
    }
  });
});
