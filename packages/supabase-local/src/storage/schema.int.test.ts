import { afterAll, describe, expect, it } from "vitest";
import { asPostgres } from "./test-helpers.ts";

// Storage's tables as hosted has them, and what `postgres` (migrations, the SQL editor) may do with them.
const pg = asPostgres();
afterAll(() => pg.end());

class Rollback extends Error {}
async function attempt(statements: string): Promise<{ code?: string; message: string } | null> {
  try {
    await pg.begin(async (tx) => {
      await tx.unsafe(statements);
      throw new Rollback();
    });
  } catch (error) {
    if (error instanceof Rollback) return null;
    return error as { code?: string; message: string };
  }
  return null;
}

describe("the storage schema", () => {
  it("is owned by supabase_storage_admin, with RLS on both tables", async () => {
    const tables = await pg`select c.relname, c.relowner::regrole::text as owner, c.relrowsecurity as rls
      from pg_class c where c.relnamespace = 'storage'::regnamespace and c.relkind = 'r' order by c.relname`;
    expect(tables).toEqual([
      { relname: "buckets", owner: "supabase_storage_admin", rls: true },
      { relname: "objects", owner: "supabase_storage_admin", rls: true },
    ]);
  });

  it("has hosted's path helpers", async () => {
    const [row] =
      await pg`select storage.foldername('a/b/c.png') as folders, storage.filename('a/b/c.png') as file,
      storage.extension('a/b/c.tar.gz') as ext`;
    expect(row).toEqual({ folders: ["a", "b"], file: "c.png", ext: "gz" });
  });

  it.each([
    ["altering storage.objects", "alter table storage.objects add column probe int"],
    ["turning off RLS on storage.objects", "alter table storage.objects disable row level security"],
    ["indexing storage.objects", "create index probe on storage.objects (name)"],
    ["dropping storage.buckets", "drop table storage.buckets cascade"],
    ["a table in storage", "create table storage.probe (id int)"],
    [
      "replacing storage.foldername()",
      "create or replace function storage.foldername(name text) returns text[] language sql as $$ select null::text[] $$",
    ],
    ["deleting objects by SQL", "delete from storage.objects"],
    ["deleting buckets by SQL", "delete from storage.buckets"],
  ])("refuses %s to postgres (42501)", async (_what, statement) => {
    const error = await attempt(statement);
    expect(error, statement).not.toBeNull();
    expect(error!.code, `${statement}: ${error!.message}`).toBe("42501");
  });

  it("lets postgres create, alter and drop policies on storage.objects and insert buckets, as hosted", async () => {
    expect(
      await attempt(`create policy probe on storage.objects for select to authenticated using (false);
        alter policy probe on storage.objects using (true);
        drop policy probe on storage.objects;
        create policy probe on storage.buckets for select to anon using (true);
        insert into storage.buckets (id, name) values ('probe-bucket', 'probe-bucket');
        update storage.buckets set public = true where id = 'probe-bucket';`),
    ).toBeNull();
  });
});
