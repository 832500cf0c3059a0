import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dumpMigratedSchema } from "./schema-dump.ts";

function migrations(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "schema-dump-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe("dumpMigratedSchema", () => {
  it("lists what the migrations made and changed, nothing Supabase provides, the same on every run", async () => {
    const dir = migrations({
      "20260101000000_no_anon.sql":
        "alter default privileges in schema public revoke all on tables from anon;",
      "20260102000000_notes.sql": `create table public.notes (id int primary key, body text not null check (body <> ''));
        alter table public.notes enable row level security;
        create policy notes_read on public.notes for select to authenticated using (true);`,
    });
    const first = await dumpMigratedSchema(dir);
    expect(first).toContain(
      "create table public.notes (\n  id integer not null,\n  body text not null\n); -- owner postgres",
    );
    expect(first).toContain(
      "alter table public.notes add constraint notes_body_check CHECK ((body <> ''::text));",
    );
    expect(first).toContain(
      "create policy notes_read on public.notes as permissive for select to authenticated",
    );
    expect(first).toContain("grant select on table public.notes to authenticated;");
    expect(first).not.toContain("to anon;");
    expect(first).toMatch(/default privileges of role postgres in schema public on new tables: (?!.*anon)/);
    expect(first).not.toContain("auth.users (");
    expect(await dumpMigratedSchema(dir)).toBe(first);
  });

  it("a grant a migration revokes from what Supabase provides is listed as taken away", async () => {
    const dir = migrations({
      "20260101000000_no_sequences.sql":
        "alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;",
    });
    expect(await dumpMigratedSchema(dir)).toMatch(
      /── taken away from what Supabase provides ──\n\n-- default privileges of role postgres in schema public on new sequences: anon /,
    );
  });
});
