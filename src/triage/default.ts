/** The triage file looked for in the working folder when no --triage is given. */
export const DEFAULT_TRIAGE = 'blindspot-triage.json';
