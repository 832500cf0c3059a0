// Every server action's name ends in `Action`: a call site then says it crosses to the server (a POST, a
// session check, a transaction), and a data function of the same meaning (`updateProfile` in lib/data)
// never shares its name.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** The exported names of every module that starts with "use server": each one is a server action. */
function serverActions(): string[] {
  const names: string[] = [];
  for (const file of ["app", "lib", "components"].flatMap((top) => sources(join(root, top)))) {
    const text = readFileSync(file, "utf8");
    if (!/^\s*(?:\/\/[^\n]*\n\s*)*["']use server["']/.test(text)) continue;
    for (const m of text.matchAll(/^export (?:async function|const|function) (\w+)/gm)) {
      names.push(`${relative(root, file)}: ${m[1]}`);
    }
  }
  return names;
}

describe("server action names", () => {
  const actions = serverActions();

  it("finds the server actions", () => {
    expect(actions).toContain("lib/actions/messages.ts: sendMessageAction");
    expect(actions.length).toBeGreaterThan(40);
  });

  it("all end in Action", () => {
    expect(actions.filter((a) => !a.endsWith("Action"))).toEqual([]);
  });
});
