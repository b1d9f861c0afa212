// Kill-rate thresholds, Stryker-style: from blindspot.config.json ("thresholds":
// {"high", "low", "break"}) in the working directory or --config, overridden by
// --threshold-* flags. The schemas (zod) load only when a command reads them, not
// at start-up (see main.ts).
import { existsSync } from 'node:fs';
import type { Argv } from 'yargs';
import { InputError } from '../util/errors.ts';
import { meant, pathBeside } from '../util/suggest.ts';
import { DEFAULT_THRESHOLDS, type KillRates, type Thresholds } from '../report/thresholds.ts';

const DEFAULT_CONFIG = 'blindspot.config.json';

const percent = (name: string) => (v: unknown) => {
  const n = Number(v);
  if (v === '' || !Number.isFinite(n) || n < 0 || n > 100) throw new InputError(`--${name}: expected a percentage from 0 to 100, got '${v}'`);
  return n;
};

export const thresholdOptions = <T>(y: Argv<T>) =>
  y
    .option('config', { type: 'string', describe: `config file with "thresholds": {"high", "low", "break"} (default ./${DEFAULT_CONFIG} when it exists)` })
    .option('threshold-high', { requiresArg: true, coerce: percent('threshold-high'), describe: 'kill rate (%) from which a family is shown as high (default 80)' })
    .option('threshold-low', { requiresArg: true, coerce: percent('threshold-low'), describe: 'kill rate (%) below which a family is shown as danger (default 60)' })
    .option('threshold-break', { requiresArg: true, coerce: percent('threshold-break'), describe: 'exit 1 when any family\'s kill rate is below this (%) (default: never); given alone, it raises low and high to at least itself' });

export async function thresholdsFrom(a: Record<string, any>): Promise<Thresholds> {
  const [{ z }, { zodProblem }, { readJsonFileIfExists }] = await Promise.all([import('zod'), import('../util/errors.ts'), import('../util/json-file.ts')]);
  const ThresholdsSchema = z
    .object({
      high: z.number().min(0).max(100).default(DEFAULT_THRESHOLDS.high),
      low: z.number().min(0).max(100).default(DEFAULT_THRESHOLDS.low),
      break: z.number().min(0).max(100).nullable().default(DEFAULT_THRESHOLDS.break),
    })
    .refine((t) => t.low <= t.high, { message: 'low must not exceed high', path: ['low'] })
    .refine((t) => t.break === null || t.break <= t.low, { message: 'break must not exceed low', path: ['break'] });
  // strict, at both levels: a mistyped key ("hihg", "thrsholds") is refused rather than silently left at its default
  const ConfigSchema = z.object({ $schema: z.string().optional(), thresholds: z.object({ high: z.number(), low: z.number(), break: z.number().nullable() }).partial().strict().optional() }).strict();
  if (a.config === '') throw new InputError('--config: expected a path to a config file, got an empty value');
  const file = a.config ?? (existsSync(DEFAULT_CONFIG) ? DEFAULT_CONFIG : undefined);
  if (a.config && !existsSync(a.config)) throw new InputError(`--config: ${a.config} does not exist${meant(pathBeside(a.config, 'file'))}`);
  const config = file ? await readJsonFileIfExists(file, ConfigSchema) : undefined;
  const flags = { high: a['threshold-high'], low: a['threshold-low'], break: a['threshold-break'] };
  const given = { ...config?.thresholds, ...Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined)) };
  // A break asked for alone sets the bands it sits in: low and high are only display bands,
  // and `--threshold-break 70` should not be refused for exceeding a default low of 60.
  const brk = given.break ?? null;
  const low = given.low ?? (brk !== null ? Math.max(DEFAULT_THRESHOLDS.low, brk) : undefined);
  const high = given.high ?? (low !== undefined ? Math.max(DEFAULT_THRESHOLDS.high, low) : undefined);
  const merged = { ...given, ...(low !== undefined ? { low } : {}), ...(high !== undefined ? { high } : {}) };
  const parsed = ThresholdsSchema.safeParse(merged, { jitless: true }); // parsed once: not worth compiling (increment.ts)
  if (!parsed.success) {
    const flagged = Object.values(flags).some((v) => v !== undefined);
    const source = file ? `${file}${flagged ? ' with the --threshold-* flags' : ''}` : '--threshold-*';
    throw new InputError(`${source}: thresholds: ${zodProblem(parsed.error)}`);
  }
  return parsed.data;
}

/** Exit 1 when the report says a family's kill rate is below break (an interrupted run keeps its 130). */
export function breakOnThresholds(report: { killRates?: KillRates }, err: (s: string) => void): void {
  const k = report.killRates;
  if (!k?.broken || process.exitCode === 130) return;
  err(`blindspot: kill rate below the break threshold (${k.thresholds.break}%): ${k.families.filter((f) => f.belowBreak).map((f) => `${f.family} ${f.rate!.toFixed(1)}%`).join(', ')}`);
  process.exitCode = 1;
}
