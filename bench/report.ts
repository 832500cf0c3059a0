/** The benchmark's one table: rows of figures with their targets, as text, Markdown and JSON. */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";

export type Row = {
  figure: string;
  app: string;
  floor?: string;
  value: string;
  target: string;
  /** null: measured, no target; undefined: not measured */
  met?: boolean | null;
};

export function machine(): string {
  const cpu = cpus()[0]?.model.replace(/\s+/g, " ").trim() ?? "unknown CPU";
  return `${cpus().length} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`;
}

const verdict = (met: boolean | null | undefined) =>
  met === undefined ? "not measured" : met === null ? "" : met ? "met" : "MISSED";

export function markdown(rows: Row[], when: Date, machineLine: string): string {
  const lines = [
    `Measured ${when.toISOString().slice(0, 16).replace("T", " ")} UTC on ${machineLine}.`,
    "",
    "| figure | app | floor | app ÷ floor or value | target | |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) => `| ${r.figure} | ${r.app} | ${r.floor ?? ""} | ${r.value} | ${r.target} | ${verdict(r.met)} |`,
    ),
  ];
  return lines.join("\n") + "\n";
}

export function text(rows: Row[]): string {
  const cols = [
    rows.map((r) => r.figure),
    rows.map((r) => r.app),
    rows.map((r) => r.floor ?? ""),
    rows.map((r) => r.value),
    rows.map((r) => r.target),
    rows.map((r) => verdict(r.met)),
  ];
  const heads = ["figure", "app", "floor", "ratio/value", "target", ""];
  const widths = cols.map((c, i) => Math.max(heads[i]!.length, ...c.map((v) => v.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  return [line(heads), ...rows.map((_, r) => line(cols.map((c) => c[r]!)))].join("\n");
}

/**
 * Replaces what lies between `<!-- name:start -->` and `<!-- name:end -->` in `file` with `md`. A file
 * without both markers is left as it is.
 */
export function writeBetweenMarkers(file: string, name: string, md: string) {
  const doc = readFileSync(file, "utf8");
  const start = `<!-- ${name}:start -->`;
  const a = doc.indexOf(start);
  const b = doc.indexOf(`<!-- ${name}:end -->`);
  if (a !== -1 && b > a) writeFileSync(file, `${doc.slice(0, a + start.length)}\n${md}${doc.slice(b)}`);
}

/**
 * Writes bench/results/<stamp>.{json,md}; for a full run also latest.md (the one result file kept in git),
 * and the table in docs/performance.md, between its markers.
 */
export function save(rows: Row[], raw: unknown, when: Date, { full = true } = {}) {
  const dir = join("bench", "results");
  mkdirSync(dir, { recursive: true });
  const stamp = when.toISOString().slice(0, 19).replace(/[:T]/g, "-");
  const machineLine = machine();
  const md = markdown(rows, when, machineLine);
  writeFileSync(
    join(dir, `${stamp}.json`),
    JSON.stringify({ when, machine: machineLine, rows, raw }, null, 2),
  );
  writeFileSync(join(dir, `${stamp}.md`), md);
  // A subset run (--only) is in its own files only.
  if (full) {
    writeFileSync(join(dir, "latest.md"), md);
    writeBetweenMarkers(join("docs", "performance.md"), "bench", md);
  }
  return { dir, stamp };
}
