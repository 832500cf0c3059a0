import { once } from "node:events";
import net from "node:net";
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { poolOptions, withRls, withServiceRole, type Claims } from "@/lib/db";
import { adminSql } from "@/test/fixtures/athletes";

// A transaction holds its pooled connection for every round trip it makes, and between round trips the
// connection waits on the event loop ("idle in transaction"). The patched begin() sends BEGIN in the same
// write as the claims setup and fn's first statements; these tests count the writes on the wire and check
// that nothing of one transaction reaches another, on one pooled connection so the slot is provably shared.
const globalForDb = globalThis as unknown as { __appSql?: postgres.Sql };
let writes = 0;
let single: postgres.Sql;
let admin: postgres.Sql;

/** A connected socket to the stack's Postgres that counts the round trips the client starts. */
async function countingSocket(): Promise<net.Socket> {
  const url = new URL(process.env.DATABASE_URL ?? "");
  const socket = net.connect(Number(url.port || 5432), url.hostname);
  await once(socket, "connect");
  // Writes with no answer from Postgres between them are one round trip (postgres.js flushes every 1 KiB).
  let answered = true;
  socket.on("data", () => (answered = true));
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((...args: unknown[]) => {
    if (answered) writes++;
    answered = false;
    return write(...args);
  }) as typeof socket.write;
  return socket;
}

const claims = (): Claims => ({ sub: randomUUID(), role: "authenticated", aud: "authenticated" });
const writesOf = async (run: () => Promise<unknown>) => {
  await single`select 1`; // the connection is open before counting
  const before = writes;
  await run();
  return writes - before;
};
type Settings = { role: string; uid: string | null; claims: string | null };
const settingsIn = (sql: postgres.Sql | postgres.TransactionSql) =>
  sql<Settings[]>`
    select current_user as role,
           nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub' as uid,
           nullif(current_setting('request.jwt.claims', true), '') as claims`.then((rows) => rows[0]!);

beforeAll(async () => {
  admin = adminSql({ max: 1 });
  await admin.unsafe(`
    create table if not exists public.db_pipelined_begin (tag text not null);
    grant select, insert on public.db_pipelined_begin to anon, authenticated;`);
  single = postgres(process.env.DATABASE_URL ?? "", {
    ...poolOptions,
    max: 1,
    onnotice: () => {},
    // postgres.js takes a ready socket (`socket` option), which its types do not declare.
    ...({ socket: countingSocket } as object),
  });
  globalForDb.__appSql = single;
});

afterEach(async () => {
  await admin`delete from public.db_pipelined_begin`;
});

afterAll(async () => {
  await single?.end({ timeout: 1 });
  globalForDb.__appSql = undefined;
  await admin?.unsafe(`drop table if exists public.db_pipelined_begin`);
  await admin?.end();
});

describe("a pipelined transaction", () => {
  it("sends BEGIN, the claims setup and the first statement in one write, then COMMIT", async () => {
    expect(await writesOf(() => withRls(claims(), (tx) => tx`select 1`))).toBe(2);
    expect(await writesOf(() => withRls(null, (tx) => tx`select 1`))).toBe(2);
    expect(await writesOf(() => withServiceRole((tx) => tx`select 1`))).toBe(2);
    // Statements issued together still go out together: one write for all three.
    expect(
      await writesOf(() =>
        withRls(claims(), (tx) => Promise.all([tx`select 1`, tx`select 2`, tx`select 3`])),
      ),
    ).toBe(2);
  });

  it("runs fn's first statement with the role and claims already set", async () => {
    const user = claims();
    const inside = await withRls(user, (tx) => settingsIn(tx));
    expect(inside.role).toBe("authenticated");
    expect(inside.uid).toBe(user.sub);
    // And nothing of it is left on the connection afterwards.
    const after = await settingsIn(single);
    expect(after.role).not.toBe("authenticated");
    expect(after.claims).toBeNull();
  });

  it("keeps concurrent users' claims apart on one pooled connection", async () => {
    const users = Array.from({ length: 12 }, claims);
    const seen = await Promise.all(
      users.map((user, i) =>
        i % 3 === 2
          ? withRls(null, (tx) => settingsIn(tx)).then((s) => ({ want: null, got: s.uid, role: s.role }))
          : withRls(user, (tx) => settingsIn(tx)).then((s) => ({ want: user.sub, got: s.uid, role: s.role })),
      ),
    );
    for (const { want, got, role } of seen) {
      expect(got).toBe(want);
      expect(role).toBe(want ? "authenticated" : "anon");
    }
    expect((await settingsIn(single)).claims).toBeNull();
  });

  it("never sends a pool query on a transaction's connection before BEGIN has answered", async () => {
    // The only connection is taken by a transaction whose first statement is slow; a plain pool query
    // issued meanwhile must wait for the connection, not run inside the transaction as its user.
    const held = withRls(claims(), (tx) => tx`select pg_sleep(0.3)`);
    await new Promise((r) => setTimeout(r, 20));
    const outside = await settingsIn(single);
    await held;
    expect(outside.role).not.toBe("authenticated");
    expect(outside.claims).toBeNull();
  });

  it("rolls back a statement that fails mid-pipeline, and the connection is reused cleanly", async () => {
    const user = claims();
    const failed = withRls(user, (tx) =>
      Promise.all([
        tx`insert into public.db_pipelined_begin (tag) values ('before')`,
        tx`select 1 / 0`,
        tx`insert into public.db_pipelined_begin (tag) values ('after')`,
      ]),
    );
    await expect(failed).rejects.toMatchObject({ code: "22012" });
    const stored = await admin<{ tag: string }[]>`select tag from public.db_pipelined_begin`;
    expect(stored).toEqual([]);
    // The same connection: clean settings, and the next transaction commits its own write.
    expect((await settingsIn(single)).claims).toBeNull();
    await withRls(user, (tx) => tx`insert into public.db_pipelined_begin (tag) values ('next')`);
    expect(await admin`select tag from public.db_pipelined_begin`).toEqual([{ tag: "next" }]);
  });

  it("runs nothing of fn when the claims setup fails", async () => {
    // Claims that are not JSON make the setup statement fail: fn's pipelined insert must not run.
    const broken = { sub: randomUUID(), role: "authenticated", session_id: randomUUID() } as Claims;
    const setupFails = withRls(
      { ...broken, email: "\u0000" },
      (tx) => tx`insert into public.db_pipelined_begin (tag) values ('unset')`,
    );
    await expect(setupFails).rejects.toBeDefined();
    expect(await admin`select tag from public.db_pipelined_begin`).toEqual([]);
  });
});
