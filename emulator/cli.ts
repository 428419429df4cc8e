// `npm run emulator -- [flags]`: runs the emulator with a demo project until SIGINT/SIGTERM.
import { readFileSync } from 'node:fs';
import { CliUsageError, parseCliArgs, USAGE } from './cli-args.ts';
import { startEmulator } from './index.ts';

const DEMO_PROJECT_ID = 'proj_demo';

async function main(): Promise<void> {
  let config;
  try {
    config = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (config === null) {
    console.log(USAGE);
    return;
  }
  const emulator = await startEmulator({
    ...config.options,
    ...(config.tlsFiles && {
      tls: { cert: readFileSync(config.tlsFiles.cert), key: readFileSync(config.tlsFiles.key) },
    }),
    seedProjects: [
      {
        id: DEMO_PROJECT_ID,
        name: 'Demo App',
        url: 'https://example.com',
        platforms: ['mac', 'windows', 'linux'],
        config: { appId: 'com.example.demo', author: 'Demo Author', version: '1.0.0' },
      },
    ],
  });
  Object.assign(emulator.faults, {
    failBuilds: config.failBuilds,
    hangBuilds: config.hangBuilds,
    injectLogLines: config.injectLogLines,
    ignoreRange: config.ignoreRange,
  });
  console.log(
    [
      'Desktop App Build Service emulator',
      `base URL: ${emulator.baseUrl}`,
      `artifact URL: ${emulator.artifactBaseUrl}`,
      `API key: ${emulator.apiKey}`,
      `demo project: ${DEMO_PROJECT_ID}`,
      `try: curl -H "Authorization: Bearer ${emulator.apiKey}" ${emulator.baseUrl}/projects`,
      'Press Ctrl+C to stop.',
    ].join('\n'),
  );
  const stop = () => {
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('emulator: failed to close', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
