// typescript-eslint's recommended rules without type information (quick enough to
// run before every commit): `npm run lint`.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'reports/', 'mutants/', 'censuses/', 'data/', '.venv*/', 'tmp/', 'dist/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      // A leading underscore marks a parameter or binding kept for its position (a callback's
      // signature, an element skipped by destructuring).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // yargs types a command's arguments as CommandModule<{}, Record<string, any>>: the CLI
    // validates each option itself (src/cli/options.ts) rather than through these types.
    files: ['src/cli/**/*.ts'],
    rules: { '@typescript-eslint/no-empty-object-type': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read JSON they just wrote and poke at it; their assertions are the type check.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.commonjs },
  },
);
