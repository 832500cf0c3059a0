import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { adminSql, anonClient, eventually, signedInUser } from "./test-support.ts";

// Realtime Authorization as hosted Supabase does it: private channels, decided by RLS on realtime.messages.
// The policies here are the test's own: a member of a room may listen and broadcast on `room:<name>`;
// `presence:<user id>` may be tracked only by that user and watched only by signed-in users.
const sql = adminSql();
const room = `room:authz-${Date.now()}`;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  await sql.unsafe(`
    drop table if exists public.rt_authz_members;
    create table public.rt_authz_members (topic text not null, user_id uuid not null);
    grant select on public.rt_authz_members to authenticated;
    drop policy if exists rt_authz_listen on realtime.messages;
    drop policy if exists rt_authz_send on realtime.messages;
    drop policy if exists rt_authz_presence_watch on realtime.messages;
    drop policy if exists rt_authz_presence_track on realtime.messages;
    create policy rt_authz_listen on realtime.messages for select to authenticated using (
      exists (select 1 from public.rt_authz_members m where m.topic = realtime.topic() and m.user_id = auth.uid()));
    create policy rt_authz_send on realtime.messages for insert to authenticated with check (
      extension = 'broadcast'
      and exists (select 1 from public.rt_authz_members m where m.topic = realtime.topic() and m.user_id = auth.uid()));
    create policy rt_authz_presence_watch on realtime.messages for select to authenticated using (
      extension = 'presence' and realtime.topic() like 'presence:%');
    create policy rt_authz_presence_track on realtime.messages for insert to authenticated with check (
      extension = 'presence' and realtime.topic() = 'presence:' || auth.uid()::text);`);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
});
afterAll(async () => {
  await sql.unsafe(`
    drop policy if exists rt_authz_listen on realtime.messages;
    drop policy if exists rt_authz_send on realtime.messages;
    drop policy if exists rt_authz_presence_watch on realtime.messages;
    drop policy if exists rt_authz_presence_track on realtime.messages;
    drop table if exists public.rt_authz_members;`);
  await sql.end();
});

async function user() {
  const u = await signedInUser();
  clients.push(u.client);
  return u;
}

/** Subscribes; resolves with the status it settled on and the error's message, if any. */
function join(channel: RealtimeChannel) {
  return new Promise<{ status: string; error?: string }>((resolve) =>
    channel.subscribe((status, err) => {
      if (status === "SUBSCRIBED" || status === "CHANNEL_ERROR" || status === "TIMED_OUT")
        resolve({ status, error: err?.message });
    }),
  );
}

function listener(client: SupabaseClient, topic: string, isPrivate: boolean) {
  const heard: unknown[] = [];
  const channel = client
    .channel(topic, { config: { private: isPrivate, broadcast: { ack: true } } })
    .on("broadcast", { event: "note" }, ({ payload }) => heard.push(payload));
  return { channel, heard };
}

describe("private channels (Realtime Authorization)", () => {
  it("refuse a join without read or write permission, signed in or not", async () => {
    const stranger = await user();
    const refused = await join(stranger.client.channel(room, { config: { private: true } }));
    expect(refused).toEqual({
      status: "CHANNEL_ERROR",
      error: `Unauthorized: You do not have permissions to read from this Channel topic: ${room}`,
    });
    const anon = anonClient();
    clients.push(anon);
    expect((await join(anon.channel(room, { config: { private: true } }))).status).toBe("CHANNEL_ERROR");
  });

  it("deliver members' broadcasts to members only; the public channel of the same name is another room", async () => {
    const [a, b, stranger] = [await user(), await user(), await user()];
    await sql`insert into public.rt_authz_members ${sql([a, b].map((u) => ({ topic: room, user_id: u.id })))}`;
    const ours = listener(b.client, room, true);
    expect((await join(ours.channel)).status).toBe("SUBSCRIBED");
    const sender = a.client.channel(room, { config: { private: true, broadcast: { ack: true } } });
    expect((await join(sender)).status).toBe("SUBSCRIBED");

    // A stranger on the public channel of that name can say what it likes: nobody in the private room hears it.
    const outsider = stranger.client.channel(room, { config: { broadcast: { ack: true } } });
    expect((await join(outsider)).status).toBe("SUBSCRIBED");
    expect(await outsider.send({ type: "broadcast", event: "note", payload: { from: "stranger" } })).toBe(
      "ok",
    );
    expect(await sender.send({ type: "broadcast", event: "note", payload: { from: "a" } })).toBe("ok");
    await eventually(() => ours.heard.length > 0, 3000, "a's broadcast");
    await new Promise((r) => setTimeout(r, 200));
    expect(ours.heard).toEqual([{ from: "a" }]);
  });

  it("let a listener without insert permission hear but not send or track", async () => {
    const [owner, watcher] = [await user(), await user()];
    const topic = `presence:${owner.id}`;
    const watching = watcher.client.channel(topic, { config: { private: true, presence: { key: "" } } });
    watching.on("presence", { event: "sync" }, () => {});
    expect((await join(watching)).status).toBe("SUBSCRIBED");
    // Tracking under the owner's topic as someone else is refused, whatever key the client claims.
    expect(await watching.track({ as: owner.id })).toBe("error");
    const mine = owner.client.channel(topic, { config: { private: true, presence: { key: "" } } });
    expect((await join(mine)).status).toBe("SUBSCRIBED");
    expect(await mine.track({ online: true })).toBe("ok");
    await eventually(() => Object.keys(watching.presenceState()).length === 1, 3000, "the owner online");
    expect(Object.values(watching.presenceState())[0]).toMatchObject([{ online: true }]);
    // Broadcast needs its own insert permission, which this topic grants nobody.
    const other = await user();
    const noisy = other.client.channel(topic, { config: { private: true, broadcast: { ack: true } } });
    expect((await join(noisy)).status).toBe("SUBSCRIBED");
    expect(await noisy.send({ type: "broadcast", event: "note", payload: {} })).toBe("error");
  });

  it("leave postgres_changes to the table's own RLS (the private option does not apply to them)", async () => {
    const member = await user();
    await sql`insert into public.rt_authz_members (topic, user_id) values (${room}, ${member.id})`;
    const channel = member.client
      .channel(room, { config: { private: true } })
      .on("postgres_changes", { event: "INSERT", schema: "public", table: "rt_authz_members" }, () => {});
    expect((await join(channel)).status).toBe("SUBSCRIBED");
  });
});
