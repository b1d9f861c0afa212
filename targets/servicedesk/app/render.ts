// HTML of the app's pages. Forms follow the Glide conventions the WorkArena
// drivers rely on: inputs named <table>.<field>, a hidden sys_uniqueValue holding
// the new record's id, a global gsftSubmit() behind the submit button, reference
// fields as a display input plus a hidden sys_id input with an autocomplete list.
import type { FieldDef } from './schema.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function page(title: string, body: string, script = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font:14px sans-serif;margin:16px}.field{margin:6px 0}label{display:inline-block;width:220px}
.mandatory{color:#c00}.ac{list-style:none;margin:0;padding:0;border:1px solid #aaa;position:absolute;background:#fff}
.ac li{padding:2px 6px;cursor:pointer}#output_messages{color:#c00}</style></head>
<body><div id="output_messages"></div>${body}${script ? `<script>${script}</script>` : ''}</body></html>`;
}

export interface FormField {
  def: FieldDef;
  /** input name: <table>.<field> */
  name: string;
  /** raw value shown initially */
  value: string;
  /** display text of a reference's current value */
  display?: string;
}

function control(f: FormField): string {
  const { def, name, value } = f;
  const req = def.mandatory ? ' data-mandatory="true"' : '';
  switch (def.kind) {
    case 'text':
      return `<input type="text" id="${name}" name="${name}" value="${esc(value)}"${req}>`;
    case 'textarea':
      return `<textarea id="${name}" name="${name}"${req}>${esc(value)}</textarea>`;
    case 'boolean':
      return `<input type="checkbox" id="${name}" name="${name}" value="true"${value === 'true' ? ' checked' : ''}>`;
    case 'choice': {
      // The first option carrying the stored value is the selected one; alias labels stay selectable.
      const first = def.choices!.findIndex((c) => c.value === value);
      const opts = def.choices!.map((c, i) => `<option value="${esc(c.value)}"${i === first ? ' selected' : ''}>${esc(c.label)}</option>`);
      return `<select id="${name}" name="${name}"${req}>${opts.join('')}</select>`;
    }
    case 'reference':
      return (
        `<input type="text" id="sys_display.${name}" name="sys_display.${name}" value="${esc(f.display ?? '')}" autocomplete="off" ` +
        `data-ref="${def.ref}" data-target="${name}"${req}>` +
        `<input type="hidden" id="${name}" name="${name}" value="${esc(value)}"><ul class="ac" role="listbox" id="ac.${name}" hidden></ul>`
      );
  }
}

const labelFor = (f: FormField) => (f.def.kind === 'reference' ? `sys_display.${f.name}` : f.name);

export function fieldsHtml(fields: FormField[]): string {
  return fields
    .map((f) => `<div class="field"><label for="${labelFor(f)}">${esc(f.def.label)}</label>${f.def.mandatory ? '<span class="mandatory" title="Mandatory">*</span>' : ''}${control(f)}</div>`)
    .join('\n');
}

// Client code of every form page: mandatory check on submit, reference autocomplete.
const FORM_SCRIPT = `
function gsftSubmit(control, form, action_name) {
  var f = document.getElementById('record_form');
  var missing = [];
  f.querySelectorAll('[data-mandatory="true"]').forEach(function (e) {
    var target = e.dataset.target ? document.getElementById(e.dataset.target) : e;
    if (!target.value) missing.push(f.querySelector('label[for="' + e.id + '"]').textContent);
  });
  if (missing.length) {
    document.getElementById('output_messages').textContent = 'The following mandatory fields are not filled in: ' + missing.join(', ');
    return false;
  }
  f.submit();
  return true;
}
var g_form = { getUniqueValue: function () { return document.getElementById('sys_uniqueValue').value; } };
document.querySelectorAll('input[data-ref]').forEach(function (input) {
  var hidden = document.getElementById(input.dataset.target);
  var list = document.getElementById('ac.' + input.dataset.target);
  input.addEventListener('input', function () {
    hidden.value = '';
    var q = input.value;
    fetch('/xmlhttp/ac?table=' + encodeURIComponent(input.dataset.ref) + '&q=' + encodeURIComponent(q)).then(function (r) { return r.json(); }).then(function (rows) {
      if (input.value !== q) return;
      list.innerHTML = '';
      rows.forEach(function (row) {
        var li = document.createElement('li');
        li.setAttribute('role', 'option');
        li.textContent = row.label;
        li.addEventListener('mousedown', function (ev) {
          ev.preventDefault();
          input.value = row.label;
          hidden.value = row.value;
          list.hidden = true;
          input.dispatchEvent(new Event('change', { bubbles: true }));
        });
        list.appendChild(li);
      });
      list.hidden = rows.length === 0;
    });
  });
});
`;

export function formPage(opts: { title: string; heading: string; action: string; uniqueValue: string; fields: FormField[]; submitId: string; submitLabel: string; error?: string }): string {
  const body =
    `<h1>${esc(opts.heading)}</h1>` +
    (opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : '') +
    `<form id="record_form" method="post" action="${opts.action}">` +
    `<input type="hidden" id="sys_uniqueValue" name="sys_uniqueValue" value="${opts.uniqueValue}">` +
    fieldsHtml(opts.fields) +
    `<div><button type="button" id="${opts.submitId}" onclick="gsftSubmit(this, this.form, '${opts.submitId}')">${esc(opts.submitLabel)}</button></div></form>`;
  return page(opts.title, body, FORM_SCRIPT);
}

export function detailPage(title: string, rows: [string, string][], extra = ''): string {
  const body = `<h1>${esc(title)}</h1><table id="record">${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>${extra}`;
  return page(title, body);
}

export const link = (href: string, text: string) => `<li><a href="${esc(href)}">${esc(text)}</a></li>`;
