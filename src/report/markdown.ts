// report.md: the audit's sections (src/report/sections.ts) as markdown.
import type { Report } from './build.ts';
import { auditSections, runLine } from './sections.ts';
import { markdownSections } from './section.ts';

export const renderMarkdown = (r: Report): string =>
  [`# blindspot audit: ${r.evidence.target} ${r.evidence.version}`, '', runLine(r), ...markdownSections(auditSections(r))].join('\n') + '\n';
