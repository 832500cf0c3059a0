import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type postgres from "postgres";
import {
  adminSql,
  eventually,
  rawSocket,
  signedInUser,
  subscribe,
  trackedTransport,
} from "./test-support.ts";
import { installCapture } from "./capture.ts";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { attachRealtime } from "./index.ts";

// Readable by everyone (anon included), so wire-level tests need no token.
let sql: postgres.Sql;
const insert = async (body: string) =>
  Number(
    (await sql<{ id: string }[]>`insert into public.rt_test_board (body) values (${body}) returning id`)[0]!
      .id,
  );

beforeAll(async () => {
  sql = adminSql();
  await sql.unsafe(`
    drop table if exists public.rt_test_board;
    create table public.rt_test_board (id bigint generated always as identity primary key, body text not null);
    alter table public.rt_test_board enable row level security;
    create policy rt_test_board_read on public.rt_test_board for select to anon, authenticated using (true);
    grant select on public.rt_test_board to anon, authenticated;
    alter publication supabase_realtime add table public.rt_test_board;`);
});

afterAll(async () => {
  await sql?.unsafe(`alter publication supabase_realtime drop table public.rt_test_board`).catch(() => {});
  await sql?.end();
});

const join = {
  config: { postgres_changes: [{ event: "INSERT", schema: "public", table: "rt_test_board" }] },
};

describe("Phoenix protocol", () => {
  it("answers heartbeats and ignores garbage without dropping the socket (vsn 2.0.0)", async () => {
    const { ws, frames } = await rawSocket();
    ws.send("{not json");
    ws.send(JSON.stringify({ not: "an array" }));
    ws.send(JSON.stringify([null, "1", "phoenix", "heartbeat", {}]));
    await eventually(() => frames.length > 0, 3000, "heartbeat reply");
    expect(frames[0]).toEqual([null, "1", "phoenix", "phx_reply", { status: "ok", response: {} }]);
    ws.send(JSON.stringify([null, "2", "realtime:nowhere", "access_token", { access_token: "x" }]));
    await eventually(() => frames.length > 1, 3000, "unmatched topic reply");
    expect(frames[1]).toEqual([
      null,
      "2",
      "realtime:nowhere",
      "phx_reply",
      { status: "error", response: { reason: "unmatched topic" } },
    ]);
    ws.close();
  });

  it("speaks the 1.0.0 object serializer end to end", async () => {
    const { ws, frames } = await rawSocket("1.0.0");
    ws.send(JSON.stringify({ topic: "phoenix", event: "heartbeat", payload: {}, ref: "1", join_ref: null }));
    ws.send(
      JSON.stringify({ topic: "realtime:v1", event: "phx_join", payload: join, ref: "2", join_ref: "2" }),
    );
    await eventually(
      () => frames.some((f) => (f as { event: string }).event === "system"),
      3000,
      "system message",
    );
    expect(frames[0]).toEqual({
      topic: "phoenix",
      event: "phx_reply",
      payload: { status: "ok", response: {} },
      ref: "1",
      join_ref: null,
    });
    const reply = frames[1] as {
      payload: { status: string; response: { postgres_changes: { id: number }[] } };
    };
    expect(reply.payload.status).toBe("ok");
    const id = reply.payload.response.postgres_changes[0]!.id;
    expect(id).toBeGreaterThan(0);
    expect(reply.payload.response.postgres_changes[0]).toEqual({ ...join.config.postgres_changes[0], id });
    const rowId = await insert("from v1");
    const change = await eventually(() =>
      frames.find((f) => (f as { event: string }).event === "postgres_changes"),
    );
    expect(change).toMatchObject({
      topic: "realtime:v1",
      ref: null,
      payload: {
        ids: [id],
        data: {
          type: "INSERT",
          table: "rt_test_board",
          record: { id: rowId, body: "from v1" },
          columns: [
            { name: "id", type: "int8" },
            { name: "body", type: "text" },
          ],
        },
      },
    });
    ws.close();
  });

  it("refuses a join whose token fails verification, like the real server", async () => {
    const { token } = await signedInUser();
    const { ws, frames } = await rawSocket();
    const tampered = `${token.slice(0, -4)}AAAA`;
    ws.send(JSON.stringify(["3", "3", "realtime:bad", "phx_join", { ...join, access_token: tampered }]));
    await eventually(() => frames.length > 0, 3000, "join reply");
    const [reply] = frames as [
      string,
      string,
      string,
      string,
      { status: string; response: { reason: string } },
    ][];
    expect(reply![3]).toBe("phx_reply");
    expect(reply![4].status).toBe("error");
    expect(reply![4].response.reason).toMatch(/invalid|signature/i);
    ws.close();
  });

  it("reports a subscription to a missing table instead of pretending", async () => {
    const { ws, frames } = await rawSocket();
    const config = { postgres_changes: [{ event: "*", schema: "public", table: "rt_test_missing" }] };
    ws.send(JSON.stringify(["4", "4", "realtime:missing", "phx_join", { config }]));
    await eventually(() => frames.length >= 3, 3000, "system message");
    expect(frames[2]).toMatchObject([
      null,
      null,
      "realtime:missing",
      "system",
      { status: "error", extension: "postgres_changes" },
    ]);
    ws.close();
  });

  it("closes a channel when its token expires, after a system error", async () => {
    // A second instance on its own port, with a verifier that issues a token living one second. It inserts
    // nothing, so it does not take changes meant for the stack's instance.
    const server = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    // Long enough to outlast the join on a busy machine, short enough to keep the test quick.
    const exp = Math.floor(Date.now() / 1000) + 3;
    const realtime = await attachRealtime({
      server,
      adminUrl: process.env.LOCAL_DB_ADMIN_URL!,
      verifyToken: async () => ({ role: "authenticated", sub: "00000000-0000-4000-8000-000000000001", exp }),
    });
    try {
      const ws = new WebSocket(
        `ws://127.0.0.1:${(server.address() as AddressInfo).port}/realtime/v1/websocket?vsn=2.0.0`,
      );
      const frames: unknown[][] = [];
      ws.addEventListener("message", (e) => frames.push(JSON.parse(String(e.data))));
      await new Promise((resolve) => ws.addEventListener("open", resolve));
      ws.send(JSON.stringify(["5", "5", "realtime:short", "phx_join", { ...join, access_token: "a.b.c" }]));
      await eventually(() => frames.some((f) => f[3] === "phx_close"), 8000, "phx_close");
      const events = frames.map((f) => f[3]);
      expect(events.slice(0, 3)).toEqual(["phx_reply", "presence_state", "system"]);
      expect(frames.at(-2)).toEqual([
        null,
        null,
        "realtime:short",
        "system",
        {
          channel: "short",
          extension: "system",
          status: "error",
          message: expect.stringMatching(/^Token has expired \d+ seconds ago$/),
        },
      ]);
      expect(frames.at(-1)).toEqual(["5", "5", "realtime:short", "phx_close", {}]);
      ws.close();
    } finally {
      await realtime.close();
      server.close();
    }
  });

  it("installs change capture idempotently and follows tables leaving the publication", async () => {
    await installCapture(sql);
    await installCapture(sql);
    const triggers = async () =>
      (
        await sql<{ n: number }[]>`select count(*)::int as n from pg_trigger
        where tgname = '_local_realtime_capture' and tgrelid = 'public.rt_test_board'::regclass`
      )[0]!.n;
    expect(await triggers()).toBe(1);
    await sql.unsafe(`alter publication supabase_realtime drop table public.rt_test_board`);
    expect(await triggers()).toBe(0);
    await sql.unsafe(`alter publication supabase_realtime add table public.rt_test_board`);
    expect(await triggers()).toBe(1);
    // The DDL hook must not get in the way of roles that may not run the stand-in's functions.
    await sql.begin(async (tx) => {
      await tx`set local role authenticated`;
      await tx`create temp table rt_test_scratch (a int)`;
    });
  });

  it("survives the server dropping the socket: supabase-js reconnects, rejoins and receives again", async () => {
    const { sockets, transport } = trackedTransport();
    const { client } = await signedInUser(transport);
    const sub = await subscribe(client, "rt-reconnect", {
      event: "INSERT",
      schema: "public",
      table: "rt_test_board",
    });
    const before = await insert("before drop");
    await eventually(() => sub.received.some((p) => p.new.id === before), 5000, "row before the drop");
    // A frame over the size cap makes the server close the connection (1009).
    const closed = new Promise<number>((resolve) =>
      sockets[0]!.addEventListener("close", (e) => resolve(e.code)),
    );
    sockets[0]!.send("x".repeat(1024 * 1024 + 1));
    expect(await closed).toBe(1009);
    await eventually(
      () => sub.system.filter((m) => m.message === "Subscribed to PostgreSQL").length >= 2,
      10_000,
      "rejoin",
    );
    expect(sockets.length).toBe(2);
    const after = await insert("after drop");
    await eventually(() => sub.received.some((p) => p.new.id === after), 5000, "row after the rejoin");
    await client.removeAllChannels();
    client.realtime.disconnect();
  });
});
