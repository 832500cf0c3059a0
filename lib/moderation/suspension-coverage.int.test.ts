import { afterAll, describe, expect, it } from "vitest";
import { adminSql } from "@/test/fixtures/athletes";

// A suspended account may write nothing (supabase/schema.sql). The trigger that refuses
// it is attached table by table, so a table a later migration adds must get it too: this fails until it has.
const admin = adminSql({ max: 1 });
afterAll(() => admin.end());

describe("suspension", () => {
  it("guards every table in schema public", async () => {
    const unguarded = await admin<{ name: string }[]>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'refuse_suspended')
      order by 1`;
    expect(unguarded.map((t) => t.name)).toEqual([]);
  });
});
