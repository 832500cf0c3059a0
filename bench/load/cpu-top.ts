/**
 * Where `next start` spent its CPU in a profile from `npm run load -- --cpu-prof`: self time by function
 * and by package (node_modules/<name>, the app's own chunks, Node internals), top entries first.
 *
 *   node bench/load/cpu-top.ts bench/results/cpu/<file>.cpuprofile [--top=20]
 */
import { readFileSync } from "node:fs";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const file = process.argv[2];
if (!file) {
  console.error("usage: node bench/load/cpu-top.ts <file.cpuprofile> [--top=20]");
  process.exit(2);
}
const top = Number(process.argv.find((a) => a.startsWith("--top="))?.slice(6) ?? 20);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

export function packageOf(url: string): string {
  if (!url) return "(native / idle / gc)";
  if (url.startsWith("node:")) return "node internals";
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.includes("/.next")) return "app (built chunks)";
  return url.replace(/^file:\/\//, "");
}

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, us] of selfUs) {
  const frame = byId.get(id)!.callFrame;
  const key = `${frame.functionName || "(anonymous)"}  ${packageOf(frame.url)}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  byPackage.set(packageOf(frame.url), (byPackage.get(packageOf(frame.url)) ?? 0) + us);
}
const show = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (of ${(total / 1e6).toFixed(1)} s sampled)`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
};
show("self time by package", byPackage);
show("self time by function", byFunction);
