import { describe, expect, it } from 'vitest';
import { API_FAMILIES, API_OPERATORS, CHOICE_FAMILIES, FAMILIES, GUI_EXTRA_FAMILIES, GUI_FAMILIES, GUI_OPERATORS, familyOf, writesNothing } from '../../src/grammar/families/index.ts';
import { buildSarif } from '../../src/report/sarif.ts';

describe('fault families, each declared once', () => {
  it('every family has its own name and words of its own in every format', () => {
    expect(new Set(FAMILIES.map((f) => f.name)).size).toBe(FAMILIES.length);
    for (const f of FAMILIES) {
      expect(f.wrongEffect, f.name).not.toBe(f.name);
      expect(f.ruleText, f.name).toMatch(/^The checker passed .+\.$/);
    }
    expect(new Set(FAMILIES.map((f) => f.ruleText)).size).toBe(FAMILIES.length);
  });

  it('each grammar lists its families in the order increments and reports have always used', () => {
    expect(API_FAMILIES).toEqual(['claim-only', 'omit', 'partial', 'wrong-value', 'extra', 'extra-ni']);
    expect(GUI_FAMILIES).toEqual(['omit-field', 'omit-divergent', 'no-submit', 'extra-field', 'claim-only']);
    expect(GUI_EXTRA_FAMILIES).toEqual(['extra-field-submit', 'extra-field-text', 'extra-text', 'edit-clear']);
    expect(CHOICE_FAMILIES).toEqual(['wrong-choice', 'extra-selection', 'partial-entry']);
    // claim-only is one family with an operator per grammar: API steps and forms differ
    expect(API_OPERATORS['claim-only']).not.toBe(GUI_OPERATORS['claim-only']);
  });

  it('only constructions that guarantee no write say so; families outside the grammar guarantee nothing', () => {
    expect(FAMILIES.filter((f) => f.writesNothing).map((f) => f.name)).toEqual(['no-submit', 'claim-only']);
    expect(writesNothing('U-missing')).toBe(false);
    expect(writesNothing('empty')).toBe(false);
  });

  it('a family no file declares is an error, never a default text', async () => {
    expect(() => familyOf('made-up')).toThrow(/fault family 'made-up' is declared nowhere.*known: omit-field/);
    const report = { falseAccepts: [{ cell: 'fault:made-up:t#0', task: 't', generator: 'g', family: 'made-up', evidence: undefined }], evidence: { incrementId: 'i' } };
    const increment = { target: { name: 'toy', spec: 'test/fixtures/toy-target.ts', checkerFiles: [] } };
    await expect(buildSarif(report as never, increment as never)).rejects.toThrow(/fault family 'made-up' is declared nowhere/);
  });
});
