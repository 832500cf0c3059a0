import { randomUUID } from "node:crypto";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import { createSession, leaveSession, takePlace } from "./session-writes";
import { anonClient, eventually } from "@noosa-tri/supabase-local/test-support";
import { adminSql, signedInAthlete, type SignedInAthlete } from "@/test/fixtures/athletes";

// The host's open page of a session date follows its answers live (components/sessions/live-session-refresh.tsx):
// the private channel session-live:<date> is the host's alone, and carries every answer's change to them.
const admin = adminSql();
type User = SignedInAthlete;
let host: User, athlete: User, stranger: User;
let occurrenceId = "";
const visitor = anonClient();
const claims = (u: User): Claims => ({ sub: u.id, role: "authenticated" });
const as = <T>(u: User, fn: Parameters<typeof withRls<T>>[1]) => withRls(claims(u), fn);

/** Joins the live channel as the page does; resolves with how it settled, and collects the changes. */
function join(client: SupabaseClient, topic: string) {
  const changes: { table: string; state?: unknown }[] = [];
  const channel: RealtimeChannel = client
    .channel(topic, { config: { private: true } })
    .on("postgres_changes", { event: "*", schema: "public", table: "session_rsvps" }, (p) =>
      changes.push({ table: p.table, state: (p.new as { state?: unknown }).state }),
    )
    .on("postgres_changes", { event: "UPDATE", schema: "public", table: "session_occurrences" }, (p) =>
      changes.push({ table: p.table }),
    );
  return new Promise<{ status: string; changes: typeof changes; feed: Promise<void> }>((resolve) => {
    const feed = new Promise<void>((ready) =>
      channel.on("system", {}, (p: { extension?: string; status?: string }) => {
        if (p.extension === "postgres_changes" && p.status === "ok") ready();
      }),
    );
    channel.subscribe((status) => {
      if (status !== "CLOSED") resolve({ status, changes, feed });
    });
  });
}

beforeAll(async () => {
  [host, athlete, stranger] = (await Promise.all(
    ["Hana Live", "Ari Live", "Sid Live"].map((name) =>
      signedInAthlete(admin, { name, specialty: "runner", avatar: false, isPublic: true }),
    ),
  )) as [User, User, User];
  const [day] = await admin<{ d: string }[]>`
    select ((now() at time zone 'Australia/Brisbane')::date + 2)::text as d`;
  const created = await as(host, (tx) =>
    createSession(tx, {
      title: `Live run ${randomUUID().slice(0, 4)}`,
      sport: "run",
      meeting_point: "noosa_woods",
      duration_minutes: 45,
      level: "all",
      places: 4,
      first_day: day!.d,
      local_time: "06:00",
    }),
  );
  occurrenceId = created.occurrence_id;
});

afterAll(async () => {
  for (const c of [host, athlete, stranger].map((u) => u?.client).concat(visitor))
    await c?.removeAllChannels();
  await admin`delete from auth.users where id in ${admin([host, athlete, stranger].map((u) => u.id))}`;
  await admin.end();
  await pool().end();
});

describe("the host's live session page", () => {
  it("lets only the date's host join session-live:<date>", async () => {
    const topic = `session-live:${occurrenceId}`;
    for (const client of [athlete.client, stranger.client, visitor])
      expect((await join(client, topic)).status).toBe("CHANNEL_ERROR");
    expect((await join(host.client, topic)).status).toBe("SUBSCRIBED");
    // supabase-js hands back a topic's existing channel: leave it, so the next test joins afresh.
    await host.client.removeAllChannels();
  });

  it("brings each answer to the host at once: a place taken, then left", async () => {
    const live = await join(host.client, `session-live:${occurrenceId}`);
    await live.feed;
    expect(await as(athlete, (tx) => takePlace(tx, occurrenceId))).toBe("going");
    await eventually(
      () => live.changes.some((c) => c.table === "session_rsvps" && c.state === "going"),
      5000,
      "going",
    );
    await eventually(() => live.changes.some((c) => c.table === "session_occurrences"), 5000, "the counts");
    await as(athlete, (tx) => leaveSession(tx, occurrenceId));
    await eventually(() => live.changes.some((c) => c.state === "cancelled"), 5000, "left");
  });
});
