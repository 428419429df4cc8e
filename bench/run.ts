// `npm run bench`: every benchmark in turn, each in its own process; fails when any target is missed.
import { spawnSync } from 'node:child_process';

const BENCHMARKS = [
  'bench/download.ts',
  'bench/action.ts',
  'bench/logs.ts',
  'bench/hostile.ts',
  'bench/publish.ts',
];

const failed = BENCHMARKS.filter((file) => {
  console.log(`\n## ${file}\n`);
  return spawnSync(process.execPath, [file], { stdio: 'inherit' }).status !== 0;
});
if (failed.length > 0) {
  console.error(`\nTargets missed in: ${failed.join(', ')}`);
  process.exit(1);
}
