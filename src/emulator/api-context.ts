// What the API route handlers share, and what they answer.
import type { IncomingMessage } from 'node:http';
import type { Arch, Platform } from '../api/schemas.ts';
import type { Lifecycle } from './lifecycle.ts';
import type { Faults } from './options.ts';
import type { Store } from './store.ts';
import type { EmitEvent } from './webhooks.ts';

export interface ApiContext {
  store: Store;
  faults(): Faults;
  lifecycle: Lifecycle;
  emit: EmitEvent;
  baseUrl: string;
  artifactBaseUrl: string;
  artifactSize(build: { platform: Platform; arch: Arch; version: string }): number;
}

export type Reply =
  | { kind: 'json'; status: number; body: unknown }
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
