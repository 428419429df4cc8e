// Publishing in one call, for tests that have every installer at once: the action itself hands
// each installer to its PublishSession as its build finishes (start-publishing.ts).
import { PublishSession, type PublisherOptions } from '../src/publish/publish-session.ts';
import type { Installer, PublishPlan, PublishResult } from '../src/publish/types.ts';

export type Publish = (
  plan: PublishPlan,
  installers: Installer[],
  outcome: { allBuildsSucceeded: boolean },
) => Promise<PublishResult>;

/** A publisher that adds every installer, then finishes with `outcome`. */
export const createPublisher =
  (options: PublisherOptions = {}): Publish =>
  async (plan, installers, outcome) => {
    const session = new PublishSession(plan, options);
    for (const installer of installers) session.add(installer);
    return session.finish(outcome);
  };
