// Publishing entry point: workflow artifacts first, then the release.
import type { Publish } from './types.ts';

export const publish: Publish = async (plan, installers, outcome) => {
  void plan;
  void installers;
  void outcome;
  throw new Error('publish() is being written (issue 4); this placeholder only fixes the signature');
};
