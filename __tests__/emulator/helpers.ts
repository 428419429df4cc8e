// Small fetch helpers for talking to an emulator in tests (plain HTTP, nothing of our client).
import type { Emulator } from '../../emulator/index.ts';

export interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
}

export async function call(
  emulator: Emulator,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${emulator.baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      Authorization: `Bearer ${emulator.apiKey}`,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // left as text: the malformed-JSON fault and the truncation checks read it raw
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('waitFor: condition not met in time');
    // real time: polls what real sockets change, and ends as soon as it holds
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function createProject(emulator: Emulator, overrides: Record<string, unknown> = {}) {
  const answer = await call(emulator, 'POST', '/projects', {
    name: 'Test App',
    url: 'https://app.example.com',
    platforms: ['mac', 'windows', 'linux'],
    ...overrides,
  });
  if (answer.status !== 201) throw new Error(`create project: ${answer.status}`);
  return answer.body as { id: string; name: string };
}

export async function triggerBuild(emulator: Emulator, projectId: string, body: unknown) {
  const answer = await call(emulator, 'POST', `/projects/${projectId}/builds`, body);
  if (answer.status !== 201)
    throw new Error(`trigger: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { id: string };
}

export async function finished(emulator: Emulator, buildId: string) {
  return waitFor(async () => {
    const { body } = await call(emulator, 'GET', `/builds/${buildId}`);
    return body.status === 'success' || body.status === 'failed' ? body : undefined;
  });
}
