// Censuses of GUI targets (paper appendix A): each form's on-form defaults, and
// each task's extra-field candidates. The target measures them (it knows its
// forms); here are their shapes, which the GUI grammar reads, and the freeze
// step that hashes and stores whatever censuses a target offers.
import type { Target, TargetCensus } from '../contract/target.ts';
import { hashJson } from '../util/hash.ts';
import { storeCensus } from './store.ts';

export interface FieldDefault {
  field: string;
  label: string;
  kind: string;
  mandatory: boolean;
  /** the stored value the form starts with */
  raw: string;
  /** what the form shows for it */
  display: string;
}

export interface FormDefaultsCensus {
  kind: 'form-defaults';
  target: string;
  templates: { template: string; url: string; fields: FieldDefault[] }[];
  hash: string;
}

export interface ExtraFieldCandidate {
  field: string;
  label: string;
  /** the template record's value, as the task would request it (a display string) */
  value: string;
  default: { raw: string; display: string };
}

export interface ExtraFieldCensus {
  kind: 'extra-field-candidates';
  target: string;
  tasks: { task: string; template: string; protected: string[]; candidates: ExtraFieldCandidate[] }[];
  hash: string;
}

/** A requested value equals the default when it is the default's label or its stored value. */
export const equalsDefault = (value: string, d: { raw: string; display: string }) => value === d.display || value === d.raw;

interface StoredCensus {
  kind: string;
  file: string;
  hash: string;
  census: TargetCensus & { hash: string };
}

/** Takes the target's own censuses, content-hashes and stores each; none when the target has none. */
export async function takeTargetCensuses(target: Target, taskIds: string[], dir: string): Promise<StoredCensus[]> {
  if (!target.censuses) return [];
  return (await target.censuses([...taskIds].sort())).map((body) => {
    const census = { ...body, hash: hashJson(body) };
    return { kind: body.kind, file: storeCensus(dir, census).file, hash: census.hash, census };
  });
}
