// blindspot's public API for target, operator and reporter authors (package.json
// `exports`: `import type { Target } from 'blindspot'`). Types and constants
// only, importing nothing else of blindspot: depending on it never pulls in the engine.
export * from './json.ts';
export * from './target.ts';
export * from './inputs.ts';
export * from './cell.ts';
export * from './ledger.ts';
export * from './outcome.ts';
export * from './repair.ts';
export * from './operator.ts';
export * from './report.ts';
