// The layering that docs/architecture.md describes, enforced: `npm run depcheck`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle, type-only imports included, ties modules that should change apart; move the shared piece down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      scope: 'folder',
      comment: 'Folders are layers: a cycle between two of them (src/runs and src/triage, say) means one holds a piece that belongs below or above; move it.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'engine-not-into-targets',
      severity: 'error',
      comment: 'The engine knows targets only through src/contract; a target registers what it brings (repair profile, semantics).',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: '^targets/' },
    },
    {
      name: 'cli-targets-through-the-list',
      severity: 'error',
      comment: 'The CLI is the composition root: it reaches the built-in targets through their one list, targets/index.ts.',
      from: { path: '^src/cli/' },
      to: { path: '^targets/', pathNot: '^targets/index\\.ts$' },
    },
    {
      name: 'contract-depends-on-nothing',
      severity: 'error',
      comment: 'src/contract is the public API for target and plugin authors: it imports nothing of blindspot and no package.',
      from: { path: '^src/contract/' },
      to: { pathNot: '^src/contract/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|reports|mutants|censuses|\\.venv)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.mts', '.mjs', '.js', '.json'] },
  },
};
