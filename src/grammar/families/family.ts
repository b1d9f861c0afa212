// A fault family, declared once. The grammar enumerates it, classification asks
// whether it writes nothing, and every report format takes its words from here:
// adding a family is one file beside this one and one line in index.ts.
import type { Operator } from '../construction.ts';

/** api: API-native targets; gui: live-browser forms; choice: GUI targets that also declare 'gui-choice'. */
export type Grammar = 'api' | 'gui' | 'choice';

export interface FaultFamily {
  name: string;
  /** its operator in each grammar that enumerates it (claim-only has one for API steps and one for forms) */
  operators: Partial<Record<Grammar, Operator>>;
  /** enumerated only when --families names it (families beyond the paper); absent: enumerated unless --families names others */
  onlyByName?: true;
  /** the supported-constructions table's wrong-effect column (paper Table 2) */
  wrongEffect: string;
  /** the SARIF rule's full description */
  ruleText: string;
  /** the construction guarantees no write: a readback that shows none is the evidence (declared only by such families) */
  writesNothing?: true;
}
