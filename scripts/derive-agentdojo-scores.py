#!/usr/bin/env python3
"""Derive data/agentdojo-0.1.35/utility.csv from AgentDojo's published results table.

Usage: python3 scripts/derive-agentdojo-scores.py <docs/results-table.html> > data/agentdojo-0.1.35/utility.csv

Reads the table that AgentDojo publishes as docs/results-table.html (in its
repository and in the agentdojo-0.1.35 sdist; see data/agentdojo-0.1.35/SOURCE.md)
and writes one `configuration,split,score` row per distinct model + defense.
The "Utility" column is benign utility over the 97 user tasks of all four
suites pooled; the table publishes no per-suite score, so every row has the one
split `all-suites`. A model + defense run under several attacks keeps one row
when the attacks agree on utility (benign utility does not involve the attack);
when they disagree, each attack keeps its own row with the attack in the name.
Standard library only, so that anyone can rerun it.
"""
import csv
import sys
from html.parser import HTMLParser


class Table(HTMLParser):
    """Collects the header cells and the data rows of the first table."""

    def __init__(self):
        super().__init__()
        self.header, self.rows, self.cell, self.row = [], [], None, None

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append("".join(self.cell).strip())
            self.cell = None
        elif tag == "tr" and self.row is not None:
            if self.row and not self.header:
                self.header = self.row
            elif self.row:
                self.rows.append(dict(zip(self.header, self.row)))
            self.row = None


def main(path):
    table = Table()
    with open(path, encoding="utf-8") as f:
        table.feed(f.read())
    need = {"Provider", "Model", "Defense", "Attack", "Utility", "Date"}
    if not need <= set(table.header):
        sys.exit(f"{path}: expected columns {sorted(need)}, got {table.header}")
    groups = {}
    for r in table.rows:
        groups.setdefault((r["Model"], r["Defense"]), []).append(r)
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["configuration", "split", "score", "provider", "model", "defense", "attacks", "date"])
    for (model, defense), rows in groups.items():
        name = model if defense == "None" else f"{model} + {defense}"
        utilities = {r["Utility"] for r in rows}
        if len(utilities) == 1:
            kept = [(name, rows)]
        else:
            kept = [(f"{name} ({r['Attack']})", [r]) for r in rows]
        for config, rs in kept:
            first = rs[0]
            attacks = ";".join(sorted(r["Attack"] for r in rs))
            out.writerow([config, "all-suites", first["Utility"], first["Provider"], model, defense, attacks, first["Date"]])


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
