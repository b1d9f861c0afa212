/** `text` cut to its first `max` characters, marked with `...` where it was cut. */
export const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}...` : text);

/** `text`'s lines on one, each trimmed (esbuild's transform errors put file, line and error on lines of their own). */
export const oneLine = (text: string): string => text.split('\n').map((l) => l.trim()).filter(Boolean).join(' ');
