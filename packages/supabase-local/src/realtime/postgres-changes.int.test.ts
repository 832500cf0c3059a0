import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import type postgres from "postgres";
import { adminSql, anonClient, eventually, signedInUser, subscribe, type Received } from "./test-support.ts";

// Owner-only notes: the RLS shape the app uses for private data.
const TABLE = "rt_test_notes";
let sql: postgres.Sql;
let alice: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
const clients: SupabaseClient[] = [];

const spec = (extra: { event?: "*" | "INSERT" | "UPDATE" | "DELETE"; filter?: string } = {}) => ({
  event: extra.event ?? "*",
  schema: "public",
  table: TABLE,
  ...(extra.filter ? { filter: extra.filter } : {}),
});

async function insert(owner: string, fields: { team?: number; body?: string } = {}) {
  const [row] = await sql<{ id: string }[]>`
    insert into public.rt_test_notes (owner, team, body)
    values (${owner}, ${fields.team ?? 0}, ${fields.body ?? "hello"}) returning id`;
  return Number(row!.id);
}
const idsOf = (list: Received[]) => list.map((p) => (p.new.id ?? p.old.id) as number);

beforeAll(async () => {
  sql = adminSql();
  await sql.unsafe(`
    drop table if exists public.rt_test_notes;
    create table public.rt_test_notes (
      id bigint generated always as identity primary key,
      owner uuid not null, team int not null default 0, body text not null, meta jsonb default '{"k":[1,2]}',
      done boolean not null default false, created_at timestamptz not null default now());
    alter table public.rt_test_notes enable row level security;
    create policy rt_test_notes_own on public.rt_test_notes for select to authenticated using (owner = auth.uid());
    grant select on public.rt_test_notes to authenticated;
    revoke all on public.rt_test_notes from anon;
    alter publication supabase_realtime add table public.rt_test_notes;`);
  alice = await signedInUser();
  bob = await signedInUser();
  clients.push(alice.client, bob.client);
});

afterAll(async () => {
  for (const client of clients) {
    await client.removeAllChannels();
    client.realtime.disconnect();
  }
  await sql?.unsafe(`alter publication supabase_realtime drop table public.rt_test_notes`).catch(() => {});
  await sql?.end();
});

describe("postgres_changes through supabase-js", () => {
  it("delivers an INSERT with Supabase's callback payload", async () => {
    const sub = await subscribe(alice.client, "rt-insert", spec({ event: "INSERT" }));
    const id = await insert(alice.id, { team: 3, body: "first swim" });
    const [payload] = await eventually(() => sub.received.length > 0 && sub.received, 5000, "INSERT");
    expect(payload).toMatchObject({
      schema: "public",
      table: TABLE,
      eventType: "INSERT",
      errors: null,
      old: {},
      new: { id, owner: alice.id, team: 3, body: "first swim", meta: { k: [1, 2] }, done: false },
    });
    expect(new Date(String(payload!.commit_timestamp)).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(typeof payload!.new.created_at).toBe("string");
    await alice.client.removeChannel(sub.channel);
  });

  it("never sends a row that RLS hides from the subscriber", async () => {
    const forBob = await subscribe(bob.client, "rt-rls-bob", spec());
    const forAlice = await subscribe(alice.client, "rt-rls-alice", spec());
    const visitor = anonClient();
    clients.push(visitor);
    const forVisitor = await subscribe(visitor, "rt-rls-anon", spec());
    const alicesRow = await insert(alice.id, { body: "alice only" });
    const bobsRow = await insert(bob.id, { body: "bob only" });
    // Changes are delivered in commit order, so once Bob has his own row, Alice's has been decided.
    await eventually(() => idsOf(forBob.received).includes(bobsRow), 5000, "Bob's own row");
    await eventually(() => idsOf(forAlice.received).includes(alicesRow), 5000, "Alice's own row");
    expect(idsOf(forBob.received)).toEqual([bobsRow]);
    expect(idsOf(forAlice.received)).toEqual([alicesRow]);
    expect(forVisitor.received).toEqual([]);
    await bob.client.removeChannel(forBob.channel);
    await alice.client.removeChannel(forAlice.channel);
  });

  it("filters each row of a multi-row commit (changes arrive together and are checked as a batch)", async () => {
    const sub = await subscribe(alice.client, "rt-batch", spec({ event: "INSERT" }));
    const rows = await sql<{ id: string; owner: string }[]>`
      insert into public.rt_test_notes (owner, body)
      select case when i % 2 = 0 then ${alice.id}::uuid else ${bob.id}::uuid end, 'batch ' || i
      from generate_series(1, 10) i returning id, owner`;
    const mine = rows.filter((r) => r.owner === alice.id).map((r) => Number(r.id));
    const sentinel = await insert(alice.id, { body: "after the batch" });
    await eventually(() => idsOf(sub.received).includes(sentinel), 5000, "sentinel");
    expect(idsOf(sub.received)).toEqual([...mine, sentinel]);
    await alice.client.removeChannel(sub.channel);
  });

  it("applies eq and in filters", async () => {
    const eq = await subscribe(alice.client, "rt-filter-eq", spec({ event: "INSERT", filter: "team=eq.1" }));
    const inList = await subscribe(
      alice.client,
      "rt-filter-in",
      spec({ event: "INSERT", filter: "team=in.(2,3)" }),
    );
    // Joined last, so for each change its frame follows the filtered channels' frames on this socket.
    const all = await subscribe(alice.client, "rt-filter-all", spec({ event: "INSERT" }));
    const ids = [];
    for (const team of [1, 2, 4, 3]) ids.push(await insert(alice.id, { team }));
    await eventually(() => all.received.length === 4, 5000, "all four inserts");
    expect(idsOf(eq.received)).toEqual([ids[0]]);
    expect(idsOf(inList.received)).toEqual([ids[1], ids[3]]);
    await alice.client.removeAllChannels();
  });

  it("delivers UPDATE and DELETE (old record is the primary key under RLS)", async () => {
    const sub = await subscribe(alice.client, "rt-update-delete", spec());
    const id = await insert(alice.id, { body: "draft" });
    await eventually(() => sub.received.length === 1, 5000, "INSERT");
    await sql`update public.rt_test_notes set body = 'final', done = true where id = ${id}`;
    await eventually(() => sub.received.length === 2, 5000, "UPDATE");
    await sql`delete from public.rt_test_notes where id = ${id}`;
    await eventually(() => sub.received.length === 3, 5000, "DELETE");
    const [, update, del] = sub.received;
    expect(update).toMatchObject({
      eventType: "UPDATE",
      new: { id, body: "final", done: true },
      old: { id },
    });
    expect(Object.keys(update!.old)).toEqual(["id"]);
    expect(del).toMatchObject({ eventType: "DELETE", new: {}, old: { id } });
    expect(Object.keys(del!.old)).toEqual(["id"]);
    await alice.client.removeChannel(sub.channel);
  });

  it("leaves out columns the subscriber's role may not select", async () => {
    await sql.unsafe(`
      drop table if exists public.rt_test_cards;
      create table public.rt_test_cards (id bigint generated always as identity primary key,
        owner uuid not null, nickname text not null, phone text not null);
      alter table public.rt_test_cards enable row level security;
      create policy rt_test_cards_own on public.rt_test_cards for select to authenticated using (owner = auth.uid());
      revoke all on public.rt_test_cards from anon, authenticated;
      grant select (id, owner, nickname) on public.rt_test_cards to authenticated;
      alter publication supabase_realtime add table public.rt_test_cards;`);
    const sub = await subscribe(alice.client, "rt-columns", {
      event: "INSERT",
      schema: "public",
      table: "rt_test_cards",
    });
    await sql`insert into public.rt_test_cards (owner, nickname, phone) values (${alice.id}, 'Ally', '0400 000 000')`;
    const [payload] = await eventually(() => sub.received.length > 0 && sub.received, 5000, "card");
    expect(payload!.new).toEqual({ id: expect.any(Number), owner: alice.id, nickname: "Ally" });
    await alice.client.removeChannel(sub.channel);
    await sql.unsafe(`alter publication supabase_realtime drop table public.rt_test_cards`);
  });

  it("delivers rows larger than NOTIFY's 8000-byte limit", async () => {
    const sub = await subscribe(alice.client, "rt-big", spec({ event: "INSERT" }));
    const body = "swim-bike-run ".repeat(5000);
    const id = await insert(alice.id, { body });
    const [payload] = await eventually(() => sub.received.length > 0 && sub.received, 5000, "big row");
    expect(payload!.new.id).toBe(id);
    expect(payload!.new.body).toBe(body);
    await alice.client.removeChannel(sub.channel);
  });

  it("re-checks visibility after an access token update", async () => {
    const viewer = await signedInUser();
    clients.push(viewer.client);
    const sub = await subscribe(viewer.client, "rt-set-auth", spec({ event: "INSERT" }));
    const hidden = await insert(alice.id, { body: "not yet" });
    const own = await insert(viewer.id, { body: "sentinel" });
    await eventually(() => idsOf(sub.received).includes(own), 5000, "sentinel");
    expect(idsOf(sub.received)).not.toContain(hidden);

    // The same socket and channel now carry Alice's token: her rows become visible. setAuth does not
    // wait for the server, so insert until a row lands after the server has applied the new token.
    await viewer.client.realtime.setAuth(alice.token);
    let visible: number | undefined;
    for (let i = 0; i < 20 && visible === undefined; i++) {
      const id = await insert(alice.id, { body: "now visible" });
      await eventually(() => idsOf(sub.received).includes(id), 300).then(
        () => (visible = id),
        () => {},
      );
    }
    expect(visible).toBeDefined();
    expect(idsOf(sub.received)).not.toContain(hidden);

    // A token that does not verify closes the channel, as the real server does.
    await viewer.client.realtime.setAuth(`${alice.token.slice(0, -4)}AAAA`);
    await eventually(() => sub.statuses.includes("CLOSED"), 5000, "CLOSED after a bad token");
    expect(sub.system.some((m) => m.status === "error" && m.extension === "system")).toBe(true);
  });
});
