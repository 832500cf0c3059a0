import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pool, withRls, withServiceRole, type Claims } from "@/lib/db";
import { createTeam, decide, leaveTeam, requestToJoin, setUrgentNeed } from "@/lib/data/team-writes";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";
import type { RenderedMail } from "./render";
import { smtpTransport, type MailTransport } from "./transport";
import { drainNotifications, runNotificationPass } from "./worker";

// docs/notifications.md: the outbox rows each event writes, message batching on a controllable clock, two workers at once,
// retries with backoff, and a worker killed between send and mark. Runs inside `supabase-local --test`.
const admin = adminSql();
const run = randomUUID().slice(0, 8);
const names = ["mia", "noah", "jack", "racer", "shy", "hidden", "unconfirmed", "member"] as const;
type Name = (typeof names)[number];
const auth = Object.fromEntries(names.map((n) => [n, randomUUID()])) as Record<Name, string>;
const profile = {} as Record<Name, string>;
const athlete: Athlete[] = [];
const email = (n: Name) => `${n}-${run}@example.test`;
const as = (n: Name): Claims => ({ sub: auth[n], role: "authenticated", email: email(n) });
const specialty: Record<Name, "swimmer" | "cyclist" | "runner"> = {
  mia: "cyclist",
  noah: "runner",
  jack: "swimmer",
  racer: "runner",
  shy: "runner",
  hidden: "runner",
  unconfirmed: "runner",
  member: "runner",
};

/** A transport that keeps what it is given (or fails, or is slow). */
function fakeTransport(behaviour: { fail?: string; delayMs?: number } = {}) {
  const sent: RenderedMail[] = [];
  const transport: MailTransport = {
    async sendMail(mail) {
      if (behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
      if (behaviour.fail) throw new Error(behaviour.fail);
      sent.push(mail);
    },
  };
  return { sent, transport };
}

const minutes = (n: number, from = new Date()) => new Date(from.getTime() + n * 60_000);
const rows = (where: postgres.PendingQuery<postgres.Row[]>) =>
  admin`select kind, recipient_id, detail, status, attempts, last_error, due_at
        from private.notification_outbox where ${where} order by id`;
const rowsFor = (n: Name) => rows(admin`recipient_id = ${profile[n]}`);

let teamId = "";

beforeAll(async () => {
  for (const n of names) {
    const made = await makeAthlete(admin, {
      authId: auth[n],
      email: email(n),
      emailConfirmed: n !== "unconfirmed",
      name: `${n[0]!.toUpperCase()}${n.slice(1)} Tester`,
      isPublic: n !== "hidden",
      lookingForTeam: true,
      specialty: specialty[n],
      experienceLevel: "intermediate",
      goals: `Race the ${specialty[n]} leg fast`,
      avatar: false,
    });
    athlete.push(made);
    profile[n] = made.profileId;
  }
  teamId = (
    await withRls(as("mia"), (tx) =>
      createTeam(tx, {
        name: `Dawn ${run}`,
        description: "A relay team that trains at dawn.",
        location: "Noosa Heads",
        max_members: 4,
        requirements: { roles: ["runner", "swimmer"], experience_levels: ["intermediate"] },
        training_schedule: { days: [], times: [] },
      }),
    )
  ).id;
});

// Each test starts from an empty queue: the seed's own events (Noah's demo request) are not ours.
beforeEach(async () => {
  await admin`update private.notification_outbox set status = 'skipped' where status in ('pending', 'sending')`;
});

afterAll(async () => {
  await dropAthletes(admin, athlete);
  await admin.end();
  await pool().end();
});

describe("outbox rows per event", () => {
  it("a join request queues one row for the creator, due now; the automatic message is not queued again", async () => {
    const join = await withRls(as("noah"), (tx) => requestToJoin(tx, teamId, "runner"));
    await expect(withRls(as("noah"), (tx) => requestToJoin(tx, teamId, "runner"))).rejects.toThrow(/pending/);
    expect(await rowsFor("mia")).toMatchObject([
      { kind: "join_request", detail: "runner", status: "pending" },
    ]);
    expect(await rowsFor("noah")).toEqual([]);

    const { sent, transport } = fakeTransport();
    expect(await runNotificationPass({ transport })).toMatchObject({ claimed: 1, sent: 1 });
    expect(sent[0]).toMatchObject({ to: email("mia"), subject: `Noah Tester wants to join Dawn ${run}` });
    expect(sent[0]!.text).toContain(`/teams/${teamId}/requests/${join.member.id}`);

    // Accept: one decision row for Noah, and the "Good news!" message is not e-mailed a second time.
    await withRls(as("mia"), (tx) => decide(tx, "accept_join_request", join.member.id));
    expect(await rowsFor("noah")).toMatchObject([{ kind: "decision", detail: "accepted" }]);
    // Removed by the creator: a decision; leaving by oneself: nothing.
    await withRls(as("mia"), (tx) => decide(tx, "remove_team_member", join.member.id));
    expect((await rowsFor("noah")).map((r) => r.detail)).toEqual(["accepted", "removed"]);
    const again = await withRls(as("noah"), (tx) => requestToJoin(tx, teamId, "runner"));
    await withRls(as("mia"), (tx) => decide(tx, "decline_join_request", again.member.id));
    const back = await withRls(as("noah"), (tx) => requestToJoin(tx, teamId, "runner"));
    await withRls(as("mia"), (tx) => decide(tx, "accept_join_request", back.member.id));
    await withRls(as("noah"), (tx) => leaveTeam(tx, teamId));
    expect((await rowsFor("noah")).map((r) => r.detail)).toEqual([
      "accepted",
      "removed",
      "declined",
      "accepted",
    ]);
    expect((await rowsFor("mia")).map((r) => r.kind)).toEqual([
      "join_request",
      "join_request",
      "join_request",
    ]);
  });

  it("a rolled-back event queues nothing", async () => {
    const before = (await rowsFor("mia")).length;
    await expect(
      withRls(as("jack"), async (tx) => {
        await requestToJoin(tx, teamId, "swimmer");
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await rowsFor("mia")).toHaveLength(before);
  });

  it("an urgent need alerts each opted-in, public, looking athlete of that leg once a day, never the team", async () => {
    for (const n of ["racer", "hidden", "unconfirmed", "member", "jack"] as const) {
      await admin`insert into public.notification_settings (profile_id, urgent_alerts) values (${profile[n]}, true)`;
    }
    const joined = await withRls(as("member"), (tx) => requestToJoin(tx, teamId, "runner"));
    const today = (await admin`select private.noosa_today()::text as d`)[0]!.d as string;
    await withRls(as("mia"), (tx) => setUrgentNeed(tx, teamId, "runner", today));
    await withRls(as("mia"), (tx) => setUrgentNeed(tx, teamId, null, null));
    await withRls(as("mia"), (tx) => setUrgentNeed(tx, teamId, "runner", today));
    const alerts = await rows(admin`kind = 'urgent_alert' and team_id = ${teamId}`);
    // racer (opted in) and unconfirmed (queued; skipped at send time). Not: shy (not opted in), hidden
    // (private), member (pending in the team), jack (swimmer), mia (the creator). And only once today.
    expect(alerts.map((r) => r.recipient_id).sort()).toEqual([profile.racer, profile.unconfirmed].sort());

    const { sent, transport } = fakeTransport();
    await runNotificationPass({ transport });
    const urgent = sent.filter((m) => m.subject.startsWith("Urgent"));
    expect(urgent.map((m) => m.to)).toEqual([email("racer")]);
    expect(urgent[0]!.subject).toMatch(new RegExp(`^Urgent: Dawn ${run} needs a runner by `));
    expect(await rowsFor("unconfirmed")).toMatchObject([
      { status: "skipped", last_error: "address not confirmed" },
    ]);
    expect(joined.member.status).toBe("pending");
    await withRls(as("member"), (tx) => leaveTeam(tx, teamId));
  });
});

describe("message e-mails", () => {
  const send = (from: Name, conversation: string, content: string) =>
    withRls(
      as(from),
      (tx) =>
        tx`insert into public.messages (conversation_id, sender_id, content)
           values (${conversation}, ${profile[from]}, ${content})`,
    );
  const conversationOf = (a: Name, b: Name) =>
    withRls(as(a), (tx) => tx<{ id: string }[]>`select public.start_conversation(${profile[b]}) as id`).then(
      (r) => r[0]!.id,
    );

  it("waits 5 minutes, then one e-mail counts the unread; the next waits 30 minutes after it", async () => {
    const c = await conversationOf("jack", "shy");
    const t0 = new Date();
    await send("jack", c, "First: are you free on Saturday for the relay?");
    const { sent, transport } = fakeTransport();

    expect((await runNotificationPass({ transport, now: minutes(4, t0) })).claimed).toBe(0);
    await send("jack", c, "Second: we start at 6 am from the surf club.");
    expect((await runNotificationPass({ transport, now: minutes(5.5, t0) })).sent).toBe(1);
    expect(sent[0]).toMatchObject({ to: email("shy"), subject: "Jack Tester sent you 2 messages" });
    expect(sent[0]!.text).toContain("Second: we start at 6 am from the surf club.");

    // Three more; none goes out before 30 minutes after the last e-mail, then one counts all five.
    for (const i of [3, 4, 5]) await send("jack", c, `Message number ${i}`);
    expect((await runNotificationPass({ transport, now: minutes(20, t0) })).claimed).toBe(0);
    expect((await runNotificationPass({ transport, now: minutes(35.6, t0) })).sent).toBe(1);
    expect(sent[1]!.subject).toBe("Jack Tester sent you 5 messages");
    expect((await runNotificationPass({ transport, now: minutes(120, t0) })).claimed).toBe(0);
    expect(sent).toHaveLength(2);
  });

  it("sends nothing when the message is read in time", async () => {
    const c = await conversationOf("member", "racer");
    await send("member", c, "See you at the pool?");
    await withRls(
      as("racer"),
      (tx) => tx`update public.messages set read = true where conversation_id = ${c}`,
    );
    const { sent, transport } = fakeTransport();
    await runNotificationPass({ transport, now: minutes(6) });
    expect(sent).toEqual([]);
    expect((await rowsFor("racer")).at(-1)).toMatchObject({
      kind: "message",
      status: "skipped",
      last_error: "read in time",
    });
  });

  it("shows at most the first 140 characters, and respects the switch", async () => {
    const c = await conversationOf("noah", "shy");
    await send("noah", c, `${"x".repeat(140)}SECRET TAIL`);
    const { sent, transport } = fakeTransport();
    await runNotificationPass({ transport, now: minutes(6) });
    expect(sent[0]!.text).toContain(`${"x".repeat(140)}…`);
    expect(sent[0]!.text + sent[0]!.html).not.toContain("SECRET");

    await admin`insert into public.notification_settings (profile_id, messages) values (${profile.shy}, false)
                on conflict (profile_id) do update set messages = false`;
    const c2 = await conversationOf("mia", "shy");
    await send("mia", c2, "Want to ride on Sunday?");
    await runNotificationPass({ transport, now: minutes(6) });
    expect(sent).toHaveLength(1);
    expect((await rowsFor("shy")).at(-1)).toMatchObject({
      status: "skipped",
      last_error: "turned off by the recipient",
    });
    await admin`update public.notification_settings set messages = true where profile_id = ${profile.shy}`;
  });
});

describe("the worker", () => {
  /** `n` due decision rows for Jack (each a separate e-mail). */
  async function queue(n: number): Promise<string[]> {
    const ids = await admin`
      insert into private.notification_outbox (kind, dedupe_key, recipient_id, team_id, detail)
      select 'decision', ${`bench-${randomUUID()}`} || ':' || i, ${profile.jack}, ${teamId}, 'declined'
      from generate_series(1, ${n}) i returning id::text`;
    return ids.map((r) => r.id as string);
  }
  const idOf = (mail: RenderedMail) => /<notification-(\d+)@/.exec(mail.messageId)![1]!;

  it("two workers at once never send one row twice (SKIP LOCKED)", async () => {
    const ids = await queue(40);
    const { sent, transport } = fakeTransport({ delayMs: 5 });
    const [a, b] = await Promise.all([
      runNotificationPass({ transport, limit: 25 }),
      runNotificationPass({ transport, limit: 25 }),
    ]);
    expect(a.claimed + b.claimed).toBe(40);
    expect(a.claimed).toBeGreaterThan(0);
    expect(b.claimed).toBeGreaterThan(0);
    expect(sent.map(idOf).sort()).toEqual([...ids].sort());
  });

  it("retries a failed send after 1, 2, 4 and 8 minutes, then marks it failed with the reason", async () => {
    const [id] = await queue(1);
    const { transport } = fakeTransport({ fail: "connect ECONNREFUSED 127.0.0.1:2525" });
    // A millisecond on: the database clock has microseconds, a Date only milliseconds.
    let clock = new Date(Date.now() + 1);
    for (const wait of [1, 2, 4, 8]) {
      expect(await runNotificationPass({ transport, now: clock })).toMatchObject({ claimed: 1, retrying: 1 });
      const [row] = await rows(admin`id = ${id!}`);
      expect(row).toMatchObject({ status: "pending", last_error: "connect ECONNREFUSED 127.0.0.1:2525" });
      expect((row!.due_at as Date).getTime() - clock.getTime()).toBe(wait * 60_000);
      expect((await runNotificationPass({ transport, now: minutes(wait - 0.1, clock) })).claimed).toBe(0);
      clock = minutes(wait, clock);
    }
    expect(await runNotificationPass({ transport, now: clock })).toMatchObject({ claimed: 1, failed: 1 });
    expect(await rows(admin`id = ${id!}`)).toMatchObject([{ status: "failed", attempts: 5 }]);
    expect((await runNotificationPass({ transport, now: minutes(60, clock) })).claimed).toBe(0);
  });

  it("SMTP down (nodemailer to a closed port): the row stays due for a retry; the event was never held up", async () => {
    const started = Date.now();
    const join = await withRls(as("racer"), (tx) => requestToJoin(tx, teamId, "runner"));
    expect(Date.now() - started).toBeLessThan(2000);
    const result = await runNotificationPass({ transport: smtpTransport("smtp://127.0.0.1:9/") });
    expect(result).toMatchObject({ claimed: 1, sent: 0, retrying: 1 });
    expect((await rowsFor("mia")).at(-1)).toMatchObject({
      kind: "join_request",
      status: "pending",
      attempts: 1,
      last_error: expect.stringMatching(/ECONNREFUSED/),
    });
    await withRls(as("racer"), (tx) => leaveTeam(tx, teamId));
    expect(join.member.status).toBe("pending");
  });

  it("a worker killed between send and mark: nothing lost; only the e-mail in flight is sent again", async () => {
    const ids = await queue(3);
    const { sent, transport } = fakeTransport();
    // The dying worker claims the three (lease 5 min), sends the first, and dies before marking it.
    const claimed = await withServiceRole(
      (tx) => tx`select id::text, kind, claim_token::text, attempts, recipient_id::text, to_email,
                        recipient_name, data from private.claim_notifications(10, interval '5 minutes')`,
    );
    expect(claimed.map((r) => r.id).sort()).toEqual([...ids].sort());
    const { renderNotification } = await import("./render");
    await transport.sendMail(await renderNotification(claimed[0] as never));

    // Inside the lease nobody touches them; after it, the next pass sends all three.
    expect((await runNotificationPass({ transport, now: minutes(4) })).claimed).toBe(0);
    expect(await runNotificationPass({ transport, now: minutes(6) })).toMatchObject({ claimed: 3, sent: 3 });
    expect(sent.map(idOf).sort()).toEqual([...ids, claimed[0]!.id].sort());
    // The duplicate is the same e-mail (same Message-ID); the dead worker's late mark changes nothing.
    expect(sent.filter((m) => idOf(m) === claimed[0]!.id).map((m) => m.messageId)).toHaveLength(2);
    const [late] = await withServiceRole(
      (tx) =>
        tx`select private.mark_notification_sent(${claimed[0]!.id}::bigint, ${claimed[0]!.claim_token}::uuid) as ok`,
    );
    expect(late!.ok).toBe(false);
    expect(await rows(admin`id in ${admin(ids)}`)).toMatchObject([
      { status: "sent", attempts: 2 },
      { status: "sent", attempts: 2 },
      { status: "sent", attempts: 2 },
    ]);
  });

  it("the cron route's drain runs passes until nothing is due", async () => {
    const ids = await queue(120);
    const { sent, transport } = fakeTransport();
    expect(await drainNotifications({ transport, budgetMs: 30_000 })).toMatchObject({
      passes: 3,
      claimed: 120,
      sent: 120,
    });
    expect(sent.map(idOf).sort()).toEqual([...ids].sort());
  });

  it("gives back what it could not send in its time budget, without counting a try", async () => {
    const ids = await queue(4);
    const { sent, transport } = fakeTransport({ delayMs: 60 });
    const result = await runNotificationPass({ transport, budgetMs: 30, concurrency: 1 });
    expect(result.sent + result.released).toBe(4);
    expect(result.released).toBeGreaterThan(0);
    await runNotificationPass({ transport });
    expect(sent.map(idOf).sort()).toEqual([...ids].sort());
    expect((await rows(admin`id in ${admin(ids)}`)).every((r) => r.attempts === 1)).toBe(true);
  });

  it("only service_role may run the worker functions or read the outbox", async () => {
    await expect(
      withRls(as("jack"), (tx) => tx`select * from private.claim_notifications(1)`),
    ).rejects.toMatchObject({ code: "42501" });
    await expect(
      withRls(as("jack"), (tx) => tx`select * from private.notification_outbox`),
    ).rejects.toMatchObject({ code: "42501" });
    await expect(
      withRls(as("jack"), (tx) => tx`select private.unsubscribe(${profile.jack}, 'message')`),
    ).rejects.toMatchObject({ code: "42501" });
  });
});
