// `npm run demo` (after `npm run bundle`): the bundled action against a local emulator, as a
// runner would run it, for mac, windows, linux × x64, arm64 with publishing off.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startEmulator } from '../src/emulator/index.ts';
import { REPO_ROOT, startAction } from '../test-kit/run-action.ts';

if (!existsSync(path.join(REPO_ROOT, 'dist/index.js'))) {
  console.error('dist/index.js is missing: run `npm run bundle` first');
  process.exit(1);
}

const emulator = await startEmulator({
  queuedMs: 500,
  buildingMs: 3_000,
  artifactSize: 2 * 1024 * 1024,
  seedProjects: [
    {
      id: 'proj_demo',
      name: 'Demo App',
      url: 'https://app.example.com',
      platforms: ['mac', 'windows', 'linux'],
    },
  ],
});
console.log(`Emulator: ${emulator.baseUrl} (artifacts on ${emulator.artifactBaseUrl})`);
console.log('Running: node dist/index.js, as a runner would, on tag v1.4.2\n');

try {
  const started = startAction({
    inputs: {
      'api-key': emulator.apiKey,
      'base-url': emulator.baseUrl,
      'project-id': 'proj_demo',
      platforms: 'mac, windows, linux',
      arches: 'x64, arm64',
      'poll-interval': '0.5',
      'upload-artifacts': 'false',
      release: 'false',
    },
    env: { GITHUB_REF: 'refs/tags/v1.4.2' },
    onStdout: (chunk) => process.stdout.write(chunk),
  });
  const run = await started.result;
  process.stderr.write(run.stderr);
  console.log(`\nExit code: ${run.code}\n\nOutputs:`);
  for (const [name, value] of Object.entries(run.outputs)) {
    const shown = name === 'builds' ? JSON.stringify(JSON.parse(value), null, 2) : value;
    console.log(`  ${name}:\n${shown.replace(/^/gm, '    ')}`);
  }
  console.log(`\nInstallers: ${path.join(run.workspace, 'desktop-builds')}`);
  console.log(`Job summary (Markdown): ${path.join(run.runnerTemp, 'step_summary')}`);
  process.exitCode = run.code ?? 1;
} finally {
  await emulator.close();
}
