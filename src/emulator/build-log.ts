// What a build writes into its log (pure): the lines while building, and how it ends.
import type { LogEntry } from '../api/schemas.ts';

export type LogLine = Pick<LogEntry, 'level' | 'message'>;

interface BuildFacts {
  id: string;
  version: string;
  platform: string;
  arch: string;
  fileName: string;
  size: number;
}

export const startLine = (b: BuildFacts): LogLine => ({
  level: 'info',
  message: `Build ${b.id} started: version ${b.version} for ${b.platform}/${b.arch}`,
});

/** Lines appended one per log interval while building, cycling once exhausted. */
export function buildingLines(b: BuildFacts, appUrl: string): LogLine[] {
  return [
    { level: 'info', message: `Fetching web app from ${appUrl}` },
    { level: 'info', message: `Resolving desktop runtime for ${b.platform}/${b.arch}` },
    { level: 'info', message: 'Bundling web assets' },
    {
      level: 'warning',
      message: `No code-signing certificate configured for ${b.platform}; the installer is unsigned`,
    },
    { level: 'info', message: 'Generating application icons' },
    { level: 'info', message: `Packaging ${b.fileName}` },
    { level: 'info', message: 'Compressing installer' },
    { level: 'info', message: 'Computing checksums' },
  ];
}

export const stillBuildingLine = (elapsedSeconds: number): LogLine => ({
  level: 'info',
  message: `Still building (${elapsedSeconds} s elapsed)`,
});

export const successLines = (b: BuildFacts): LogLine[] => [
  { level: 'success', message: `Build succeeded: ${b.fileName} (${b.size} bytes)` },
];

export const failureLines = (b: BuildFacts): LogLine[] => [
  { level: 'error', message: `Packaging for ${b.platform}/${b.arch} exited with code 1` },
  { level: 'error', message: `electron-builder: cannot find module 'native-addon-${b.arch}'` },
  { level: 'error', message: `Build failed for ${b.platform}/${b.arch}` },
];

export const lateLine = (n: number): LogLine => ({
  level: 'info',
  message: `Post-build cleanup step ${n}`,
});
