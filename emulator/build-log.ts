// What a build writes into its log (pure): the lines while building, and how it ends.
import type { LogEntry } from '../src/service/schemas.ts';

export type LogLine = Pick<LogEntry, 'level' | 'message'>;

interface BuildFacts {
  id: string;
  version: string;
  platform: string;
  arch: string;
  fileName: string;
  size: number;
}

export const startLine = (build: BuildFacts): LogLine => ({
  level: 'info',
  message: `Build ${build.id} started: version ${build.version} for ${build.platform}/${build.arch}`,
});

/** Lines appended one per log interval while building, cycling once exhausted. */
export function buildingLines(build: BuildFacts, appUrl: string): LogLine[] {
  return [
    { level: 'info', message: `Fetching web app from ${appUrl}` },
    { level: 'info', message: `Resolving desktop runtime for ${build.platform}/${build.arch}` },
    { level: 'info', message: 'Bundling web assets' },
    {
      level: 'warning',
      message: `No code-signing certificate configured for ${build.platform}; the installer is unsigned`,
    },
    { level: 'info', message: 'Generating application icons' },
    { level: 'info', message: `Packaging ${build.fileName}` },
    { level: 'info', message: 'Compressing installer' },
    { level: 'info', message: 'Computing checksums' },
  ];
}

export const stillBuildingLine = (elapsedSeconds: number): LogLine => ({
  level: 'info',
  message: `Still building (${elapsedSeconds} s elapsed)`,
});

export const successLines = (build: BuildFacts): LogLine[] => [
  { level: 'success', message: `Build succeeded: ${build.fileName} (${build.size} bytes)` },
];

export const failureLines = (build: BuildFacts): LogLine[] => [
  { level: 'error', message: `Packaging for ${build.platform}/${build.arch} exited with code 1` },
  { level: 'error', message: `electron-builder: cannot find module 'native-addon-${build.arch}'` },
  { level: 'error', message: `Build failed for ${build.platform}/${build.arch}` },
];

export const lateLine = (step: number): LogLine => ({
  level: 'info',
  message: `Post-build cleanup step ${step}`,
});
