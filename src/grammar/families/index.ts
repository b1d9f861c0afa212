// Every fault family, one line each. The order is the order of each grammar's
// families in --families, in increments and in every report table: claim-only
// stands after the GUI families and before the API ones so that it comes last
// among the former (the paper's GUI order) and first among the latter.
import { ProtocolError } from '../../util/errors.ts';
import type { Operator } from '../construction.ts';
import type { FaultFamily, Grammar } from './family.ts';
import { family as omitField } from './omit-field.ts';
import { family as omitDivergent } from './omit-divergent.ts';
import { family as noSubmit } from './no-submit.ts';
import { family as extraField } from './extra-field.ts';
import { family as claimOnly } from './claim-only.ts';
import { family as omit } from './omit.ts';
import { family as partial } from './partial.ts';
import { family as wrongValue } from './wrong-value.ts';
import { family as extra } from './extra.ts';
import { family as extraNi } from './extra-ni.ts';
import { family as extraFieldSubmit } from './extra-field-submit.ts';
import { family as extraFieldText } from './extra-field-text.ts';
import { family as extraText } from './extra-text.ts';
import { family as editClear } from './edit-clear.ts';
import { family as wrongChoice } from './wrong-choice.ts';
import { family as extraSelection } from './extra-selection.ts';
import { family as partialEntry } from './partial-entry.ts';
import { family as search } from './search.ts';

export const FAMILIES: readonly FaultFamily[] = [
  omitField, omitDivergent, noSubmit, extraField, claimOnly,
  omit, partial, wrongValue, extra, extraNi,
  extraFieldSubmit, extraFieldText, extraText, editClear,
  wrongChoice, extraSelection, partialEntry,
  search,
];

const BY_NAME = new Map(FAMILIES.map((f) => [f.name, f]));

/** The declaration of a family that reached a report or a ledger: one no file declares is a broken increment, never a default text. */
export function familyOf(name: string): FaultFamily {
  const f = BY_NAME.get(name);
  if (!f) throw new ProtocolError(`fault family '${name}' is declared nowhere in src/grammar/families/ (known: ${FAMILIES.map((x) => x.name).join(', ')})`);
  return f;
}

/** Whether the construction guarantees no write; perturbation and floor families are no fault family and guarantee nothing. */
export const writesNothing = (name: string) => BY_NAME.get(name)?.writesNothing === true;

const of = (grammar: Grammar, onlyByName?: boolean) =>
  FAMILIES.filter((f) => f.operators[grammar] && (onlyByName === undefined || (f.onlyByName ?? false) === onlyByName)).map((f) => f.name);
const operatorsOf = (grammar: Grammar): Record<string, Operator> =>
  Object.fromEntries(FAMILIES.flatMap((f) => (f.operators[grammar] ? [[f.name, f.operators[grammar]]] : [])));

export const API_FAMILIES: readonly string[] = of('api');
/** The paper's GUI families: what a GUI audit enumerates unless --families names others. */
export const GUI_FAMILIES: readonly string[] = of('gui', false);
/** GUI families beyond the paper, enumerated only when --families names them. */
export const GUI_EXTRA_FAMILIES: readonly string[] = of('gui', true);
export const CHOICE_FAMILIES: readonly string[] = of('choice');
export const API_OPERATORS = operatorsOf('api');
export const GUI_OPERATORS = operatorsOf('gui');
export const CHOICE_OPERATORS = operatorsOf('choice');
