// What the API route handlers share, and what they answer.
import type { IncomingMessage } from 'node:http';
import type { Lifecycle } from './lifecycle.ts';
import type { BuildTarget, Faults } from './options.ts';
import type { Store } from './store.ts';
import type { Timers } from './timers.ts';
import type { EmitEvent } from './webhooks.ts';

export interface ApiContext {
  store: Store;
  faults(): Faults;
  lifecycle: Lifecycle;
  emit: EmitEvent;
  timers: Timers;
  baseUrl: string;
  artifactBaseUrl: string;
  artifactSize(build: BuildTarget): number;
  /** The id a Trigger Build answers with for the build it created (see `duplicateTriggerIds`). */
  answeredTriggerId(faults: Faults, createdId: string): string;
}

export type Reply =
  | { kind: 'json'; status: number; body: unknown }
  /** JSON already encoded (its bytes may break UTF-8), sent whole or one byte per `byteIntervalMs`. */
  | { kind: 'encoded'; status: number; bytes: Buffer; byteIntervalMs?: number }
  /** A body generated chunk by chunk while it streams (hostile-json.ts), sent chunked. */
  | { kind: 'generated'; status: number; chunks: Iterable<Buffer> }
  | { kind: 'redirect'; location: string }
  /** The request took effect, but the connection is dropped without an answer. */
  | { kind: 'lost' };

export type Handler = (
  ctx: ApiContext,
  req: IncomingMessage,
  params: string[],
) => Promise<Reply> | Reply;

export const ok = (body: unknown): Reply => ({ kind: 'json', status: 200, body });
export const created = (body: unknown): Reply => ({ kind: 'json', status: 201, body });
