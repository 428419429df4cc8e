// The release's state, the first thing the job summary says (pure): published, a draft left
// unpublished and why, or no release; and, when the release was read back, whether it matched.
import { outcomeOf } from '../builds/outcome.ts';
import { labelOf, type BuildResult } from '../builds/result.ts';
import type { ReleaseReport } from '../publish/types.ts';
import { markdownUrl } from '../text/escape.ts';
import { plural } from '../text/plural.ts';
import type { RunFacts } from './facts.ts';
import type { Verdict } from './verdict.ts';

/** Labels named in the reason; a longer list ends with how many more. */
const MAX_LABELS = 20;

function labels(builds: readonly BuildResult[]): string {
  const named = builds.slice(0, MAX_LABELS).map(labelOf).join(', ');
  const more = builds.length - MAX_LABELS;
  return more > 0 ? `${named} and ${more} more` : named;
}

/** Why a release stayed a draft, from what the run knows. */
function draftReason(facts: RunFacts, verdict: Verdict): string {
  const { builds } = facts;
  const total = plural(builds.length, 'build');
  const reasons: string[] = [];
  for (const [outcome, verb] of [
    ['failed', 'failed'],
    ['unfinished', 'did not finish'],
  ] as const) {
    const these = builds.filter((build) => outcomeOf(build) === outcome);
    if (these.length > 0) reasons.push(`${these.length} of ${total} ${verb} (${labels(these)})`);
  }
  if (reasons.length > 0) return reasons.join(' and ');
  if (verdict.failures.length > 0) return 'publishing did not finish (see the notes below)';
  return 'the release-draft input keeps it one';
}

function verification(release: ReleaseReport): string[] {
  if (release.verified === undefined) return [];
  return [
    release.verified
      ? '✅ **Release verified**: its assets, read back from GitHub, match the installers this run built.'
      : '❌ **Release not verified**: its assets, read back from GitHub, do not match the installers this run built.',
  ];
}

/** The state's lines, each a paragraph of its own. */
export function releaseState(facts: RunFacts, verdict: Verdict): string[] {
  const { release } = facts.published;
  if (release === undefined) return ['**No release** from this run.'];
  const url = markdownUrl(release.url);
  const state = release.published
    ? `**Release: published** · [open the release](${url})`
    : `**Release: draft, not published, because** ${draftReason(facts, verdict)} · [open the draft](${url})`;
  return [state, ...verification(release).flatMap((line) => ['', line])];
}
