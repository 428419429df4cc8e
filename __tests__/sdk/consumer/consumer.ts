// A program that uses the SDK as its users do, type-checked against the installed package's
// declarations (__tests__/sdk/package.itg.test.ts). Each @ts-expect-error fails the check if the
// type it guards were `any`, as it would be if a declaration did not resolve.
import {
  ApiKeyRefusedError,
  BuildEventData,
  BuildServiceClient,
  verifySignature,
  WebhookEvent,
  type Build,
  type EventType,
} from 'desktop-build-action-sdk';

export async function handle(secret: string, body: Buffer, signature: string): Promise<string> {
  if (!verifySignature(secret, body, signature)) return 'forged';
  const parsed = WebhookEvent.safeParse(JSON.parse(body.toString('utf8')));
  if (!parsed.success) return 'not an event';
  const type: EventType = parsed.data.type;
  // @ts-expect-error: not an event type
  const wrong: EventType = 'build.exploded';
  const { build } = BuildEventData.parse(parsed.data.data);
  // @ts-expect-error: a build's id is a string
  const id: number = build.id;
  return `${type} ${build.platform} ${String(wrong)} ${id}`;
}

export async function latest(apiKey: string, projectId: string): Promise<Build | undefined> {
  const client = new BuildServiceClient({ baseUrl: 'https://builds.example.com', apiKey });
  try {
    const { builds } = await client.listBuilds(projectId);
    return builds[0] === undefined ? undefined : await client.getBuild(builds[0].id);
  } catch (error) {
    if (error instanceof ApiKeyRefusedError) return undefined;
    throw error;
  } finally {
    await client.close();
  }
}

// @ts-expect-error: the client needs an API key
new BuildServiceClient({ baseUrl: 'https://builds.example.com' });
