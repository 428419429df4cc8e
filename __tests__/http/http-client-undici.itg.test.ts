// package.json gives @actions/http-client, under @actions/core only, the project's undici 8 instead
// of its own undici 6: otherwise the main bundle carries a second undici that nothing on the
// action's path calls (@actions/core needs the client for OIDC tokens only), +1 MB to parse at
// every start. The one part of the client that touches undici is its proxy dispatcher; this shows
// that pair working through a real proxy, as @actions/core would use it. @actions/github keeps its
// own undici 6 with its own http-client, untouched.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { HttpClient } from '@actions/http-client';
import { fetch, Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type TestProxy } from '../support/proxy.ts';

let proxy: TestProxy;
let server: Server;
let port: number;
const saved = { http_proxy: process.env.http_proxy, no_proxy: process.env.no_proxy };

beforeAll(async () => {
  proxy = await startProxy({ user: 'runner', password: 'secret' });
  server = createServer((req, res) => res.end(`reached ${req.url}`));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  process.env.http_proxy = proxy.url('runner', 'secret');
  delete process.env.no_proxy;
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  server.closeAllConnections();
  server.close();
  await proxy.close();
});

describe("@actions/http-client on the project's undici", () => {
  it('is the one undici the project uses, while @actions/github keeps its own', () => {
    const modules = path.resolve(import.meta.dirname, '../../node_modules');
    const version = (folder: string): string =>
      (
        JSON.parse(readFileSync(path.join(modules, folder, 'package.json'), 'utf8')) as {
          version: string;
        }
      ).version;
    expect(existsSync(path.join(modules, '@actions/http-client/node_modules/undici'))).toBe(false);
    expect(version('undici')).toMatch(/^8\./);
    expect(version('@actions/github/node_modules/undici')).toMatch(/^6\./);
  });

  it("sends through the proxy with the client's dispatcher and undici 8's fetch", async () => {
    const url = `http://pair.test:${port}/oidc`;
    const dispatcher = new HttpClient('pair-test').getAgentDispatcher(url);
    expect(dispatcher).toBeDefined();
    expect(dispatcher).not.toBeInstanceOf(Agent);
    const answer = await fetch(url, { dispatcher });
    expect(await answer.text()).toBe('reached /oidc');
    expect(proxy.log).toContainEqual(
      expect.objectContaining({ hostname: 'pair.test', port, user: 'runner' }),
    );
    await dispatcher?.close();
  });
});
