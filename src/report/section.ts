// A report as one list of sections, each a heading and blocks, rendered by the
// markdown and the HTML renderer alike: a table or paragraph added to a report is
// in both of its formats or in neither. Text is markdown inline (`code`, **bold**);
// each renderer escapes it its way.
export interface Table {
  head: string[];
  rows: (string | number)[][];
}

export type Item = string | { text: string; sub: string[] };

export type Block =
  | { text: string; note?: boolean }
  /** html: the same table drawn richer (coloured cells), in place of the plain one */
  | { table: Table; html?: string }
  /** tight: no blank line before the list in markdown */
  | { list: Item[]; tight?: boolean }
  /** a chart: HTML only, beside the table that carries its numbers */
  | { figure: string }
  /** text shown as it is (a diff), fenced in markdown and <pre> in HTML */
  | { code: string; lang?: string };

export interface Section {
  title: string;
  /** 3: a subsection of the section before it */
  level?: 2 | 3;
  blocks: Block[];
}

/**
 * A report page: a title, what stands under it before any section, and the
 * sections. Both renderers take one page, so its markdown and its HTML cannot
 * differ in what they show.
 */
export interface Page {
  title: string;
  /** the HTML <title>, when it is not the heading */
  htmlTitle?: string;
  lead: Block[];
  sections: Section[];
  /** tables' rule as `|---|---|`, the way the repair and consequence reports have always been written, so their committed files re-render byte for byte */
  compact?: boolean;
  /** CSS beside the shared style */
  style?: string;
}

/** A markdown table, its cells escaped. */
export function mdTable(head: string[], rows: (string | number)[][], { compact = false } = {}): string {
  const cell = (v: string | number) => String(v).replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    `| ${head.map(cell).join(' | ')} |`,
    compact ? `|${head.map(() => '---').join('|')}|` : `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

const mdItem = (i: Item) => (typeof i === 'string' ? `- ${i}` : [`- ${i.text}`, ...i.sub.map((s) => `  - ${s}`)].join('\n'));

function mdBlock(b: Block, compact: boolean): string | undefined {
  if ('text' in b) return b.text;
  if ('table' in b) return mdTable(b.table.head, b.table.rows, { compact });
  if ('list' in b) return b.list.map(mdItem).join('\n');
  // a fence longer than any run of backticks in the text, so the text cannot close it
  if ('code' in b) {
    const fence = '`'.repeat(Math.max(3, ...(b.code.match(/`+/g) ?? []).map((r) => r.length + 1)));
    return `${fence}${b.lang ?? ''}\n${b.code.replace(/\n$/, '')}\n${fence}`;
  }
  return undefined;
}

/** Markdown lines of blocks, each after a blank line but a tight list, which follows the block before it. */
function markdownBlocks(blocks: Block[], compact: boolean): string[] {
  const out: string[] = [];
  for (const b of blocks) {
    const text = mdBlock(b, compact);
    if (text === undefined) continue;
    if (!(out.length && 'list' in b && b.tight)) out.push('');
    out.push(text);
  }
  return out;
}

export const esc = (v: unknown) =>
  String(v ?? '').replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const htmlTable = (head: string[], rows: unknown[][]) =>
  `<table class=""><thead><tr>${head.map((x) => `<th>${esc(x)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((x) => `<td>${esc(x)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;

/** Markdown inline text as HTML: escaped, with `code` and **bold** kept. */
const inline = (text: string) =>
  esc(text).replace(/`([^`]+)`/g, '<code>$1</code>').replace(/\*\*(.+?)\*\*/g, '<b>$1</b>');

const htmlItem = (i: Item) =>
  typeof i === 'string' ? `<li>${inline(i)}</li>` : `<li>${inline(i.text)}<ul>${i.sub.map((s) => `<li>${inline(s)}</li>`).join('')}</ul></li>`;

function htmlBlock(b: Block): string {
  if ('text' in b) return `<p${b.note ? ' class="note"' : ''}>${inline(b.text)}</p>`;
  if ('table' in b) return b.html ?? htmlTable(b.table.head, b.table.rows);
  if ('list' in b) return `<ul>${b.list.map(htmlItem).join('')}</ul>`;
  if ('code' in b) return `<pre><code>${esc(b.code)}</code></pre>`;
  return b.figure;
}

/** The page as markdown: the title, the lead, then each section after a blank line. */
export function markdownPage(p: Page): string {
  const compact = p.compact ?? false;
  const sections = p.sections.flatMap((s) => ['', `${'#'.repeat(s.level ?? 2)} ${s.title}`, ...markdownBlocks(s.blocks, compact)]);
  return [`# ${p.title}`, ...markdownBlocks(p.lead, compact), ...sections].join('\n') + '\n';
}

/** HTML lines of the sections: a heading and each block on its own line. */
const htmlSections = (sections: Section[]): string[] =>
  sections.flatMap((s) => {
    const h = s.level ?? 2;
    return [`<h${h}>${esc(s.title)}</h${h}>`, ...s.blocks.map(htmlBlock)];
  });

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;max-width:1100px;padding:0 16px;color:#212121}
h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #e0e0e0;padding-bottom:4px}
table{border-collapse:collapse;margin:8px 0;font-size:13px}th,td{border:1px solid #e0e0e0;padding:3px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#f5f5f5}td.num,th.num{text-align:right}.note{color:#616161}.bad{color:#c62828;font-weight:600}.good{color:#2e7d32;font-weight:600}
.kpi{display:flex;gap:16px;flex-wrap:wrap}.kpi div{border:1px solid #e0e0e0;border-radius:6px;padding:8px 14px}.kpi b{display:block;font-size:20px}
.legend{display:flex;flex-wrap:wrap;gap:12px;font-size:12px;margin:6px 0}.legend i{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:-1px}
svg text{font:12px system-ui,sans-serif}svg .lab{text-anchor:end;fill:#333}svg .seg{text-anchor:middle;fill:#fff;font-weight:600}
svg .tot{fill:#616161}svg .col{text-anchor:middle;fill:#333;font-weight:600}svg .hm{text-anchor:middle;font-family:ui-monospace,monospace;fill:#212121}svg .hm.light{fill:#fff}
code{font-family:ui-monospace,monospace;font-size:12px}
`;

/** The page as one self-contained HTML file: no script, no stylesheet or font from elsewhere, so it opens from disk as it is. */
export const htmlPage = (p: Page) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(p.htmlTitle ?? p.title)}</title><link rel="icon" href="data:,"><style>${STYLE}${p.style ?? ''}</style></head>
<body>
${[`<h1>${esc(p.title)}</h1>`, ...p.lead.map(htmlBlock), ...htmlSections(p.sections)].join('\n')}
</body></html>
`;
