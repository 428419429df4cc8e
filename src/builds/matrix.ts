// What to build: one target per platform × arch, in a stable order.
import type { Arch, Platform } from '../service/schemas.ts';
import type { Target } from './result.ts';

export const buildMatrix = (platforms: readonly Platform[], arches: readonly Arch[]): Target[] =>
  platforms.flatMap((platform) => arches.map((arch) => ({ platform, arch })));
