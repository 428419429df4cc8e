// Artifact content: deterministic bytes per (project, version, platform, arch), produced by repeating
// one precomputed unit, so any size streams fast in constant memory and its sha256 is known up front.
import { createCipheriv, createHash, createHmac } from 'node:crypto';
import type { Arch, Platform } from '../src/service/schemas.ts';

const MIN_BLOCK = 64 * 1024;
const BLOCK_SPREAD = 960 * 1024;
// Writes of at least this size keep the server far ahead of any client on loopback.
const MIN_UNIT = 1024 * 1024;
const EXTENSIONS: Record<Platform, string> = { mac: 'dmg', windows: 'exe', linux: 'AppImage' };

export interface ArtifactIdentity {
  projectId: string;
  version: string;
  platform: Platform;
  arch: Arch;
}

export const artifactKey = (artifact: ArtifactIdentity): string =>
  [artifact.projectId, artifact.version, artifact.platform, artifact.arch].join('|');

export function artifactFileName(projectName: string, artifact: ArtifactIdentity): string {
  const slug = projectName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'app';
  return `${slug}-${artifact.version}-${artifact.platform}-${artifact.arch}.${EXTENSIONS[artifact.platform]}`;
}

/** A block of pseudo-random bytes (AES-CTR keystream) whose length and content follow from the key. */
function block(key: string): Buffer {
  const seed = createHash('sha256').update(key).digest();
  const length = MIN_BLOCK + (seed.readUInt32BE(0) % BLOCK_SPREAD);
  const cipher = createCipheriv('aes-256-ctr', seed, seed.subarray(0, 16));
  return cipher.update(Buffer.alloc(length));
}

export interface ArtifactContent {
  /** The repeated unit: byte i of the artifact is unit[i % unit.length]. */
  unit(key: string): Buffer;
  sha256(key: string, size: number): string;
}

export function createArtifactContent(): ArtifactContent {
  const units = new Map<string, Buffer>();
  const digests = new Map<string, string>();
  const unit = (key: string): Buffer => {
    let found = units.get(key);
    if (found === undefined) {
      const b = block(key);
      found = Buffer.concat(Array.from({ length: Math.ceil(MIN_UNIT / b.length) }, () => b));
      units.set(key, found);
    }
    return found;
  };
  return {
    unit,
    sha256(key, size) {
      const cacheKey = `${key}|${size}`;
      let digest = digests.get(cacheKey);
      if (digest === undefined) {
        const bytes = unit(key);
        const hash = createHash('sha256');
        for (let done = 0; done < size; done += bytes.length) {
          hash.update(bytes.subarray(0, Math.min(bytes.length, size - done)));
        }
        digest = hash.digest('hex');
        digests.set(cacheKey, digest);
      }
      return digest;
    },
  };
}

export const signArtifactPath = (signingKey: string, path: string): string =>
  createHmac('sha256', signingKey).update(path).digest('hex').slice(0, 32);

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * Parses a single `bytes=` range against `size` (end inclusive). null means "serve everything"
 * (no header, or a form we do not honour, such as several ranges).
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
