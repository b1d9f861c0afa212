/** `text` cut to its first `max` characters, marked with `...` where it was cut. */
export const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}...` : text);
