// One table of a report as data; markdown and HTML each render it their way.
export interface Table {
  head: string[];
  rows: (string | number)[][];
}
