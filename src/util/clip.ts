/** `text` cut to its first `max` characters, marked with `...` where it was cut. */
export const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}...` : text);

/** The first `n` names joined by commas, `, ...` when there are more. */
export const firstFew = (names: readonly string[], n = 3): string => `${names.slice(0, n).join(', ')}${names.length > n ? ', ...' : ''}`;

/** `text`'s lines on one, each trimmed (esbuild's transform errors put file, line and error on lines of their own). */
export const oneLine = (text: string): string => text.split('\n').map((l) => l.trim()).filter(Boolean).join(' ');
