/**
 * Whether `p` settles within `ms`. The timer is cleared as soon as `p` settles:
 * left armed, it would hold the event loop, and so the whole command, open for
 * the rest of `ms` after its work is done.
 */
export async function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([p.then(() => true as const, () => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
