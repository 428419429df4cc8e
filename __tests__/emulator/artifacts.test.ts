import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseContentDisposition } from 'content-disposition';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { call, createProject, finished, triggerBuild } from './helpers.ts';

const SIZE = 3 * 1024 * 1024 + 12345;
let emulator: Emulator;
let buildId: string;
let artifactUrl: string;
let whole: Buffer;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};

beforeAll(async () => {
  emulator = await startEmulator({ queuedMs: 5, buildingMs: 20, artifactSize: SIZE });
  const project = await createProject(emulator, { name: 'Big App' });
  buildId = (await triggerBuild(emulator, project.id, { platform: 'linux', version: '2.0.0' })).id;
  artifactUrl = (await finished(emulator, buildId)).artifactUrl;
  whole = (await get(artifactUrl)).bytes;
});
afterAll(() => emulator.close());

describe('artifact host', () => {
  it('lives on another origin than the API', () => {
    expect(new URL(emulator.artifactBaseUrl).origin).not.toBe(new URL(emulator.baseUrl).origin);
    expect(new URL(artifactUrl).origin).toBe(emulator.artifactBaseUrl);
  });

  it('serves the whole artifact with length, name and a sha256 known up front', async () => {
    const { response, bytes } = await get(artifactUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(SIZE));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(parseContentDisposition(response.headers.get('content-disposition')!)).toEqual({
      type: 'attachment',
      parameters: { filename: 'Big-App-2.0.0-linux-x64.AppImage' },
    });
    expect(bytes.length).toBe(SIZE);
    expect(emulator.artifactFor(buildId)).toEqual({
      fileName: 'Big-App-2.0.0-linux-x64.AppImage',
      size: SIZE,
      sha256: sha256(bytes),
    });
  });

  it('produces the same bytes for the same project, version, platform and arch', async () => {
    const project = (await call(emulator, 'GET', `/builds/${buildId}`)).body.projectId;
    const again = (await triggerBuild(emulator, project, { platform: 'linux', version: '2.0.0' }))
      .id;
    const other = (await triggerBuild(emulator, project, { platform: 'linux', version: '2.0.1' }))
      .id;
    const [a, b] = [await finished(emulator, again), await finished(emulator, other)];
    expect(sha256((await get(a.artifactUrl)).bytes)).toBe(sha256(whole));
    expect(emulator.artifactFor(other).sha256).not.toBe(sha256(whole));
    expect(sha256((await get(b.artifactUrl)).bytes)).toBe(emulator.artifactFor(other).sha256);
  });

  it.each([
    ['bytes=1000-', 1000, SIZE - 1],
    ['bytes=5-9', 5, 9],
    ['bytes=-100', SIZE - 100, SIZE - 1],
    [`bytes=${SIZE - 10}-${SIZE + 50}`, SIZE - 10, SIZE - 1],
  ])('answers Range %s with 206 and the matching bytes', async (range, start, end) => {
    const { response, bytes } = await get(artifactUrl, { Range: range });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${SIZE}`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    expect(bytes.equals(whole.subarray(start, end + 1))).toBe(true);
  });

  it('answers 416 to a range past the end', async () => {
    const { response } = await get(artifactUrl, { Range: `bytes=${SIZE}-` });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${SIZE}`);
  });

  it('answers HEAD with the headers only', async () => {
    const response = await fetch(artifactUrl, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(SIZE));
  });

  it('refuses any Authorization header with 400, and records the request', async () => {
    const before = emulator.requests.length;
    const { response } = await get(artifactUrl, { Authorization: `Bearer ${emulator.apiKey}` });
    expect(response.status).toBe(400);
    const recorded = emulator.requests.slice(before);
    expect(recorded).toMatchObject([{ origin: 'artifact', status: 400 }]);
    expect(recorded[0]?.headers.authorization).toBeDefined();
  });

  it('refuses a missing or wrong signature and unknown paths', async () => {
    const unsigned = new URL(artifactUrl);
    unsigned.search = '';
    expect((await get(unsigned.href)).response.status).toBe(403);
    unsigned.searchParams.set('sig', '0'.repeat(32));
    expect((await get(unsigned.href)).response.status).toBe(403);
    expect((await get(`${emulator.artifactBaseUrl}/artifacts/build_x/y.exe`)).response.status).toBe(
      404,
    );
  });

  it('keeps a client that reads slowly correct (backpressure)', async () => {
    const response = await fetch(artifactUrl);
    const reader = response.body!.getReader();
    const hash = createHash('sha256');
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      hash.update(value);
      received += value.length;
      // real time: a reader that really lags, so the socket fills (backpressure)
      if (received < 256 * 1024) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(received).toBe(SIZE);
    expect(hash.digest('hex')).toBe(emulator.artifactFor(buildId).sha256);
  });

  it('uses the artifactSize function per build', async () => {
    const sized = await startEmulator({
      queuedMs: 5,
      buildingMs: 10,
      artifactSize: (b) => (b.platform === 'mac' ? 1000 : 2000),
    });
    try {
      const project = await createProject(sized);
      const mac = await triggerBuild(sized, project.id, { platform: 'mac' });
      const win = await triggerBuild(sized, project.id, { platform: 'windows' });
      expect((await finished(sized, mac.id)).artifactSize).toBe(1000);
      expect((await finished(sized, win.id)).artifactSize).toBe(2000);
      expect(sized.artifactFor(win.id).fileName).toBe('Test-App-1.0.0-windows-x64.exe');
    } finally {
      await sized.close();
    }
  });
});
