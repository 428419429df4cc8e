// `npm run demo` (after `npm run bundle`): a push of tag v1.4.2 end to end on this machine, the
// bundled action against the service emulator and local stand-ins of GitHub (test-kit/demo).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runDemo } from '../test-kit/demo/run-demo.ts';
import { REPO_ROOT } from '../test-kit/run-action.ts';

if (!existsSync(path.join(REPO_ROOT, 'dist/index.js'))) {
  console.error('dist/index.js is missing: run `npm run bundle` first');
  process.exit(1);
}

const demo = await runDemo({
  print: (line) => console.log(line),
  onActionStdout: (chunk) => process.stdout.write(chunk),
});
const succeeded = demo.run.code === 0 && demo.release !== null && demo.checksums?.ok === true;
process.exitCode = succeeded ? 0 : 1;
