/** Whether triage dismissed a finding: it stays in the tables, marked, and counts for nothing. */
export const isDismissed = (f: { triage?: { status: string } }): boolean => f.triage?.status === 'dismissed';
