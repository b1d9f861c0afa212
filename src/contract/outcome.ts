// The closed outcomes of classification, in this order. Reporters map
// them onto their formats; nothing else decides a false accept.
export const CELL_STATUSES = ['refused', 'incomplete', 'degenerate', 'immaterial', 'candidate', 'confirmed'] as const;
export type CellStatus = (typeof CELL_STATUSES)[number];

/**
 * A floor cell (nothing delivered, or a bare claim): a Pass is a false accept
 * where the reference changes something material, and marks a non-discriminating
 * task where the correct outcome is no change; it never counts as a fault-arm
 * false accept.
 */
export type FloorOutcome = 'false-accept' | 'non-discriminating' | 'rejected' | 'unscored';

/**
 * The one closed outcome of a scored cell, as Stryker's MutantStatus is of a
 * mutant: every count, row and format of a report maps from it. A mutant (fault
 * or search cell) is what classification made of it, and a confirmed one what the
 * checker then said; worst first, the order a heatmap colours a generator by.
 */
export const MUTANT_OUTCOMES = ['false-accept', 'error', 'candidate', 'rejected', 'degenerate', 'immaterial', 'incomplete', 'refused'] as const;
/** a control passes, is a false reject (Fail on a completely delivered reference), or could not be scored */
export const CONTROL_OUTCOMES = ['control-pass', 'false-reject', 'control-unscored'] as const;
/** swap and floor cells are judged by the swap census and the floor outcome; their own outcome is only whether the checker passed */
export const GRADED_OUTCOMES = ['graded-pass', 'graded-other'] as const;
/** a world-reference swap cell is delivered and read back, never graded: only its effect is used */
export const UNGRADED_OUTCOMES = ['read-back'] as const;
export const CELL_OUTCOMES = [...MUTANT_OUTCOMES, ...CONTROL_OUTCOMES, ...GRADED_OUTCOMES, ...UNGRADED_OUTCOMES] as const;
export type MutantOutcome = (typeof MUTANT_OUTCOMES)[number];
export type CellOutcome = (typeof CELL_OUTCOMES)[number];
