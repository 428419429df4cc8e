// release-repository: an owner/name GitHub takes, refused before any request otherwise.
import { describe, expect, it } from 'vitest';
import { repositoryNameProblem } from '../../src/publish/repository-name.ts';
import { INPUT_NAMES, parseInputs, type Inputs } from '../../src/inputs.ts';
import { readContext } from '../../src/runner/context.ts';

describe('release-repository (an owner/name GitHub takes, or the workflow’s own)', () => {
  it.each([
    ['acme/releases', undefined],
    ['a/b', undefined],
    ['Acme-2/my_app.releases-1', undefined],
    [`${'a'.repeat(39)}/${'b'.repeat(100)}`, undefined],
    ['acme', 'is not owner/name'],
    ['acme/app/extra', 'is not owner/name'],
    ['-acme/app', 'has an owner GitHub refuses'],
    [`${'a'.repeat(40)}/app`, 'has an owner GitHub refuses'],
    ['ac_me/app', 'has an owner GitHub refuses'],
    ['acme/..', 'has a name GitHub refuses'],
    ['acme/.', 'has a name GitHub refuses'],
    ['acme/my app', 'has a name GitHub refuses'],
    [`acme/${'b'.repeat(101)}`, 'has a name GitHub refuses'],
    ['acme/', 'has a name GitHub refuses'],
  ])('%s', (value, problem) => {
    const said = repositoryNameProblem(value);
    if (problem === undefined) expect(said).toBeUndefined();
    else expect(said).toContain(problem);
  });

  const inputs: Inputs = {
    ...(Object.fromEntries(INPUT_NAMES.map((name) => [name, ''])) as Inputs),
    'api-key': 'dbs_secret_key',
    'base-url': 'https://api.example-build-service.com/v1',
    'project-id': 'proj_abc123',
    'github-token': 'ghs_token',
  };
  const context = readContext({
    GITHUB_REF: 'refs/tags/v1.4.2',
    GITHUB_REPOSITORY: 'acme/desktop-app',
    GITHUB_WORKSPACE: '/home/runner/work/app',
  });

  it('is the workflow’s repository by default; the artifacts stay there either way', () => {
    expect(parseInputs(inputs, context).publish).toMatchObject({
      repository: 'acme/desktop-app',
      release: { repository: 'acme/desktop-app' },
    });
    const plan = parseInputs({ ...inputs, 'release-repository': 'acme/releases' }, context);
    expect(plan.publish).toMatchObject({
      repository: 'acme/desktop-app',
      release: { repository: 'acme/releases' },
    });
  });

  it('is refused before any request when GitHub would not take it', () => {
    expect(() =>
      parseInputs({ ...inputs, 'release-repository': 'acme/my releases' }, context),
    ).toThrow(
      'release-repository: "acme/my releases" has a name GitHub refuses (1 to 100 letters, ' +
        'digits, ".", "_" or "-", not "." or ".."); give the repository as owner/name',
    );
  });
});
