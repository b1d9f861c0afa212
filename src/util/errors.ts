import type { z } from 'zod';

/**
 * Bad input from the user (a file, a flag, a manifest line). The CLI prints it as
 * one line and exits 2; anything else is a bug and keeps its stack.
 */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** A frozen artifact no longer matches what it was frozen against. */
export class ProtocolError extends InputError {
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolError';
  }
}

/** The first schema issue as `field a.b: message`, for one-line input errors. */
export function zodProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  return `field ${issue.path.join('.') || '(root)'}: ${issue.message}`;
}
