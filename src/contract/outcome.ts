// The closed outcomes of classification (DESIGN.md, in this order). Reporters map
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
