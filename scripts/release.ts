// `npm run release` (dry run) / `npm run release -- --push`: release the version in package.json.
// Checks that dist/ is what `npm run bundle` builds and that CHANGELOG.md describes the version,
// then tags vX.Y.Z, moves vX to it, pushes both, and drafts the GitHub release with the changelog
// section (through the GitHub CLI, `gh`). Without --push it only says what it would do.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { planRelease } from './release-plan.ts';

const { values } = parseArgs({ options: { push: { type: 'boolean', default: false } } });
const run = (command: string, args: string[]) =>
  execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const decided = planRelease(version, readFileSync('CHANGELOG.md', 'utf8'));
if ('problems' in decided) {
  for (const problem of decided.problems) console.error(`release: ${problem}`);
  process.exit(1);
}
const { plan } = decided;

run('npm', ['run', 'bundle', '--silent']);
if (run('git', ['status', '--porcelain']) !== '') {
  console.error('release: the work tree is not clean (or dist/ was stale); commit first.');
  process.exit(1);
}
const commit = run('git', ['rev-parse', 'HEAD']);
console.log(
  `Release ${plan.tag} at ${commit}; ${plan.majorTag} moves there too.\n\n${plan.notes}\n`,
);
if (!values.push) {
  console.log('Dry run: nothing tagged or pushed. Run `npm run release -- --push` to release.');
  process.exit(0);
}
run('git', ['tag', '-a', plan.tag, '-m', plan.tag]);
run('git', ['tag', '-f', '-a', plan.majorTag, '-m', `${plan.majorTag} → ${plan.tag}`]);
run('git', ['push', 'origin', plan.tag]);
run('git', ['push', '-f', 'origin', plan.majorTag]);
const notesFile = path.join(os.tmpdir(), `release-notes-${plan.tag}.md`);
writeFileSync(notesFile, plan.notes);
console.log(
  run('gh', [
    'release',
    'create',
    plan.tag,
    '--draft',
    '--title',
    plan.tag,
    '--notes-file',
    notesFile,
  ]),
);
console.log(`Drafted ${plan.tag}: review it on GitHub and publish it (to the Marketplace too).`);
