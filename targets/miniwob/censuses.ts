// The GUI censuses (paper appendix A) measured on MiniWoB pages: each control's
// default on a fresh seeded episode (form-defaults, per task as a union over its
// seeds), and per task instance the controls its reference never touches, with a
// value that differs from their default (extra-field candidates).
import type { Step } from '../../src/contract/target.ts';
import type { ExtraFieldCandidate, ExtraFieldCensus, FieldDefault, FormDefaultsCensus } from '../../src/census/gui.ts';
import type { El, Observation } from './page.ts';

const isControl = (e: El) => ['input', 'select', 'textarea'].includes(e.tag) && !['button', 'submit', 'hidden'].includes(e.type);

/** What the control holds on a fresh episode, as stored and as shown. */
function defaultOf(e: El): FieldDefault {
  const box = e.type === 'checkbox' || e.type === 'radio';
  const raw = box ? String(e.checked) : e.value;
  return { field: e.sel, label: e.label || e.context || e.sel, kind: e.tag === 'input' ? e.type : e.tag, mandatory: false, raw, display: raw };
}

/** A value for an untouched control that differs from its default; radios are left to wrong-choice. */
function extraValue(e: El): string | undefined {
  if (e.type === 'radio') return undefined;
  if (e.type === 'checkbox') return e.checked ? undefined : 'true';
  if (e.tag === 'select') return e.options.find((o) => o && o !== e.value);
  return e.value === 'blindspot' ? 'extra' : 'blindspot';
}

export interface Observed {
  id: string;
  generator: string;
  url: string;
  observation: Observation;
  reference: Step[];
}

export function guiCensuses(observed: Observed[]): [Omit<FormDefaultsCensus, 'hash'>, Omit<ExtraFieldCensus, 'hash'>] {
  const templates = new Map<string, { template: string; url: string; fields: Map<string, FieldDefault> }>();
  const tasks: Omit<ExtraFieldCensus, 'hash'>['tasks'] = [];
  for (const o of observed) {
    const controls = o.observation.elements.filter((e) => isControl(e) && e.visible);
    const t = templates.get(o.generator) ?? { template: o.generator, url: o.url, fields: new Map() };
    templates.set(o.generator, t);
    for (const c of controls) if (!t.fields.has(c.sel)) t.fields.set(c.sel, defaultOf(c));
    const touched = new Set(o.reference.map((s) => String(s.args.field ?? '')));
    const candidates: ExtraFieldCandidate[] = controls
      .filter((c) => !touched.has(c.sel))
      .flatMap((c) => {
        const value = extraValue(c);
        const d = defaultOf(c);
        return value === undefined ? [] : [{ field: c.sel, label: d.label, value, default: { raw: d.raw, display: d.display } }];
      });
    tasks.push({ task: o.id, template: o.generator, protected: [...touched].filter(Boolean).sort(), candidates });
  }
  return [
    { kind: 'form-defaults', target: 'miniwob', templates: [...templates.values()].map((t) => ({ template: t.template, url: t.url, fields: [...t.fields.values()] })) },
    { kind: 'extra-field-candidates', target: 'miniwob', tasks },
  ];
}
