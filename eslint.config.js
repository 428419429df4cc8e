import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** @actions/core's functions that print to stdout: only src/runner/log.ts prints. */
const PRINTING = [
  'info',
  'debug',
  'notice',
  'warning',
  'error',
  'setFailed',
  'setSecret',
  'startGroup',
  'endGroup',
  'group',
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    // One writer for the step's log (src/runner/log.ts): nothing else prints to stdout, and nothing
    // replaces a stream's methods to hold other writes while a group prints.
    files: ['src/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['stdout', 'stderr'].map((property) => ({
          object: 'process',
          property,
          message: 'Print through stepLog (src/runner/log.ts), the one writer of the log.',
        })),
        ...PRINTING.map((property) => ({
          object: 'core',
          property,
          message: 'Print through stepLog (src/runner/log.ts): it keeps a group whole.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `ImportDeclaration[source.value='@actions/core'] > ImportSpecifier[imported.name=/^(${PRINTING.join('|')})$/]`,
          message: 'Print through stepLog (src/runner/log.ts): it keeps a group whole.',
        },
        {
          selector:
            "ImportDeclaration[source.value='@actions/core'] > ImportNamespaceSpecifier[local.name!='core']",
          message: 'Import @actions/core as `core`, so the rule on its printing functions sees it.',
        },
        {
          selector: "AssignmentExpression > MemberExpression.left[property.name='write']",
          message: "Do not replace a stream's write; print through stepLog (src/runner/log.ts).",
        },
        {
          selector:
            "CallExpression[callee.property.name=/^define(Property|Properties)$/] :matches(Literal[value='write'], Property > Identifier.key[name='write'])",
          message: "Do not replace a stream's write; print through stepLog (src/runner/log.ts).",
        },
      ],
    },
  },
  {
    files: ['src/runner/log.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['__tests__/**', 'test-kit/**', 'bench/**', 'scripts/**', 'emulator/**'],
    rules: { 'no-console': 'off' },
  },
);
