import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { pool, withRls, type Claims, type Tx } from "@/lib/db";
import { fileReport, isModerator, moderate, moderationQueue } from "@/lib/data/reports";
import { insertMessage } from "@/lib/data/messages";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";
import { hiddenProfileMessage, suspendedMessage } from "@/lib/moderation/suspension";
import type { ProfileInput } from "@/lib/validation/profile";
import { reportTexts, type ReportReason } from "@/lib/validation/report";

// docs/security.md#moderation: report, moderation queue, suspend. The rules live in SQL
// (supabase/migrations/20261120000600_moderation.sql); these tests drive them as the app does
// (withRls as the signed-in account) and look behind with the admin connection.
const session = vi.hoisted(() => ({ claims: null as Claims | null }));
vi.mock("@/lib/auth/session", () => ({ getClaims: async () => session.claims }));
vi.mock("next/cache", () => ({
  revalidateTag: vi.fn(),
  revalidatePath: vi.fn(),
  unstable_cache: (fn: () => unknown) => fn,
}));
const reportActions = await import("@/lib/actions/reports");
const { updateProfileAction } = await import("@/app/(protected)/edit-profile/actions");
const { requestToJoinTeamAction } = await import("@/lib/actions/teams");
const messageActions = await import("@/lib/actions/messages");

const admin = adminSql({ max: 4 });
const athletes: Athlete[] = [];
const athlete = async (name: string, isPublic = true) => {
  const a = await makeAthlete(admin, { isPublic, name });
  athletes.push(a);
  return a;
};
const moderator = async (name: string) => {
  const m = await makeAthlete(admin, { profile: false, name });
  athletes.push(m);
  await admin`insert into private.moderators (user_id) values (${m.authId})`;
  return m;
};
const as = <T>(who: Athlete, fn: (tx: Tx) => Promise<T>) => withRls(who.claims, fn);
const conversation = async (a: Athlete, b: Athlete) =>
  (
    await admin<{ id: string }[]>`select private.ensure_conversation(${a.profileId}, ${b.profileId}) as id`
  )[0]!.id;
const send = (from: Athlete, conversationId: string, content: string, id: string = randomUUID()) =>
  as(from, (tx) => insertMessage(tx, { id, conversationId, senderId: from.profileId, content }));
const report = (who: Athlete, kind: "message" | "profile", targetId: string, reason: ReportReason = "spam") =>
  as(who, (tx) => fileReport(tx, { kind, targetId, reason, details: "" }));
const reportId = async (targetId: string) =>
  (
    await admin<
      { id: string }[]
    >`select id from public.reports where target_id = ${targetId} and status = 'open' limit 1`
  )[0]!.id;

/** The edit form's fields for `who`'s profile as stored, with `patch`. */
const formOf = async (who: Athlete, patch: Partial<ProfileInput> = {}): Promise<ProfileInput> => {
  const [p] = await admin`select * from public.profiles where id = ${who.profileId}`;
  return {
    username: p!.username,
    full_name: p!.full_name,
    location: p!.location.display_name,
    specialty: p!.specialty,
    experience_level: p!.experience_level,
    training_preference: "",
    goals: p!.goals,
    bio: "",
    target_times: {},
    availability: { days: [], times: [] },
    achievements: [],
    is_public: p!.is_public,
    looking_for_team: p!.looking_for_team,
    ...patch,
  };
};

afterAll(async () => {
  await admin`delete from public.reports where reporter_id in ${admin(athletes.map((a) => a.authId))}`;
  await dropAthletes(admin, athletes);
  await admin.end();
  await pool().end();
});

beforeEach(() => {
  session.claims = null;
});

describe("reporting", () => {
  let mia: Athlete, jack: Athlete, stranger: Athlete, conversationId: string, messageId: string;
  beforeAll(async () => {
    mia = await athlete("Mia Reporter");
    jack = await athlete("Jack Spammer");
    stranger = await athlete("Sam Stranger");
    conversationId = await conversation(mia, jack);
    messageId = (await send(jack, conversationId, "Buy cheap watches at example.test"))!.id;
  });

  it("stores one open report per reporter and target; a second identical report says so and stores nothing", async () => {
    session.claims = mia.claims;
    const input = { kind: "message", targetId: messageId, reason: "spam", details: "Not about triathlon" };
    await expect(reportActions.reportContentAction(input)).resolves.toEqual({
      ok: true,
      outcome: "reported",
      message: reportTexts.sent,
    });
    const results = await Promise.all([1, 2, 3].map(() => reportActions.reportContentAction(input)));
    for (const r of results) expect(r).toMatchObject({ ok: true, message: "You've already reported this" });
    const rows = await admin`select * from public.reports where target_id = ${messageId}`;
    expect(rows).toHaveLength(1);
    // The moderator judges what the reporter saw, and whom it is about.
    expect(rows[0]).toMatchObject({
      kind: "message",
      reported_profile_id: jack.profileId,
      message_content: "Buy cheap watches at example.test",
      details: "Not about triathlon",
      status: "open",
    });
  });

  it("refuses bad input with a clear message and writes nothing, in zod and in the CHECKs", async () => {
    session.claims = mia.claims;
    const before = (await admin`select count(*)::int as n from public.reports`)[0]!.n;
    const bad = [
      { kind: "message", targetId: messageId, reason: "because" },
      { kind: "team", targetId: messageId, reason: "spam" },
      { kind: "profile", targetId: "not-a-uuid", reason: "spam" },
      { kind: "profile", targetId: jack.profileId, reason: "other" },
      { kind: "profile", targetId: jack.profileId, reason: "other", details: "look\u202eevil" },
      { kind: "profile", targetId: jack.profileId, reason: "spam", details: "x".repeat(1001) },
      { kind: "profile", targetId: jack.profileId, reason: "spam", extra: 1 },
    ];
    for (const input of bad) {
      const result = await reportActions.reportContentAction(input);
      expect(result.ok).toBe(false);
      expect((result as { error: string }).error).not.toBe("");
    }
    expect(await reportActions.reportContentAction(bad[3])).toMatchObject({ error: "Tell us what is wrong" });
    // The CHECKs hold for a direct call of the function, too.
    for (const [reason, details] of [
      ["because", null],
      ["other", null],
      ["spam", "hidden\u200bchar"],
      ["spam", " padded "],
    ] as const) {
      await expect(
        as(
          mia,
          (tx) => tx`select public.report_content('profile', ${jack.profileId}, ${reason}, ${details})`,
        ),
      ).rejects.toMatchObject({ code: "23514" });
    }
    expect((await admin`select count(*)::int as n from public.reports`)[0]!.n).toBe(before);
  });

  it("only lets a participant report a message, and nobody report their own", async () => {
    await expect(report(stranger, "message", messageId)).rejects.toMatchObject({ code: "P0002" });
    await expect(report(jack, "message", messageId)).rejects.toMatchObject({ detail: "REPORT_SELF" });
    await expect(report(jack, "profile", jack.profileId)).rejects.toMatchObject({ detail: "REPORT_SELF" });
    // A private profile one has no link with cannot be found, so it cannot be reported either.
    const hidden = await athlete("Pia Private", false);
    await expect(report(stranger, "profile", hidden.profileId)).rejects.toMatchObject({ code: "P0002" });
    session.claims = stranger.claims;
    await expect(
      reportActions.reportContentAction({ kind: "message", targetId: messageId, reason: "spam" }),
    ).resolves.toEqual({ ok: false, error: reportTexts.notFound });
  });

  it("limits reports per reporter in SQL: 10 an hour, then the wait", async () => {
    const busy = await athlete("Rita Reports");
    const targets = await Promise.all(Array.from({ length: 12 }, (_, i) => athlete(`Target ${i}`)));
    const results = await Promise.allSettled(targets.map((t) => report(busy, "profile", t.profileId)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect(r.reason).toMatchObject({ code: "P0429", detail: "REPORT_RATE" });
      expect(r.reason.message).toMatch(/^You're sending reports too fast, try again in \d+ minutes$/);
    }
    // A repeat of an open report is still answered "already reported", not refused.
    await expect(report(busy, "profile", targets[0]!.profileId)).resolves.toBe("already_reported");
  });

  it("lets nobody but moderators read reports; nobody can make themselves a moderator", async () => {
    for (const who of [mia, jack, stranger]) {
      expect(await as(who, (tx) => tx`select * from public.reports`)).toHaveLength(0);
      expect(await as(who, (tx) => tx`select * from public.moderation_actions`)).toHaveLength(0);
      expect(await as(who, isModerator)).toBe(false);
      await expect(as(who, moderationQueue)).rejects.toMatchObject({ code: "42501" });
    }
    await expect(withRls(null, (tx) => tx`select * from public.reports`)).rejects.toMatchObject({
      code: "42501",
    });
    // No write path: not the table, not the role table, not a claim.
    await expect(
      as(mia, (tx) => tx`insert into private.moderators (user_id) values (${mia.authId})`),
    ).rejects.toMatchObject({ code: "42501" });
    await expect(as(mia, (tx) => tx`update public.reports set status = 'dismissed'`)).rejects.toMatchObject({
      code: "42501",
    });
    await expect(
      as(
        mia,
        (tx) => tx`insert into public.reports (reporter_id, kind, target_id, reported_profile_id, reason)
                          values (${mia.authId}, 'profile', ${jack.profileId}, ${jack.profileId}, 'spam')`,
      ),
    ).rejects.toMatchObject({ code: "42501" });
    const forged = { ...mia.claims, app_metadata: { role: "moderator" }, user_role: "moderator" };
    expect(await withRls(forged, isModerator)).toBe(false);
    await expect(withRls(forged, (tx) => moderate(tx, "dismiss", randomUUID()))).rejects.toMatchObject({
      code: "42501",
      detail: "NOT_MODERATOR",
    });

    const mod = await moderator("Mo Derator");
    expect(await as(mod, isModerator)).toBe(true);
    const queue = await as(mod, moderationQueue);
    expect(queue.find((r) => r.target_id === messageId)).toMatchObject({
      kind: "message",
      reason: "spam",
      reporter_name: "Mia Reporter",
      profile_full_name: "Jack Spammer",
      message_content: "Buy cheap watches at example.test",
      message_hidden: false,
      account_suspended: false,
    });
    expect((await as(mod, (tx) => tx`select * from public.reports`)).length).toBeGreaterThan(0);
  });
});

describe("moderator actions", () => {
  let mod: Athlete, mod2: Athlete, mia: Athlete, jack: Athlete, olivia: Athlete;
  beforeAll(async () => {
    mod = await moderator("Mod One");
    mod2 = await moderator("Mod Two");
    mia = await athlete("Mia Hide");
    jack = await athlete("Jack Hide");
    olivia = await athlete("Olivia Other");
  });

  it("hides a message from both sides: not in the thread, the list or the unread count; a retry does not bring it back", async () => {
    const c = await conversation(mia, jack);
    await send(jack, c, "Hello Mia");
    const bad = (await send(jack, c, "Something nasty"))!;
    await report(mia, "message", bad.id, "harassment");
    const unreadBefore = await as(mia, (tx) => tx`select public.unread_message_count() as n`);
    expect(unreadBefore[0]!.n).toBe(2);

    const closed = await as(mod, async (tx) => moderate(tx, "hide_message", await reportId(bad.id)));
    expect(closed).toBe(1);

    for (const who of [mia, jack]) {
      const thread = await as(
        who,
        (tx) => tx`select content from public.messages where conversation_id = ${c}`,
      );
      expect(thread.map((m) => m.content)).toEqual(["Hello Mia"]);
      const [listed] = await as(who, (tx) => tx`select * from public.list_my_conversations(50, ${c})`);
      expect(listed).toMatchObject({ last_content: "Hello Mia" });
    }
    expect((await as(mia, (tx) => tx`select public.unread_message_count() as n`))[0]!.n).toBe(1);
    // Kept for the record, out of every API role's reach.
    expect(await admin`select content, hidden_by from private.hidden_messages where id = ${bad.id}`).toEqual([
      { content: "Something nasty", hidden_by: mod.authId },
    ]);
    await expect(as(jack, (tx) => tx`select * from private.hidden_messages`)).rejects.toMatchObject({
      code: "42501",
    });
    // The sender's browser retries the same send: nothing comes back.
    await send(jack, c, "Something nasty", bad.id);
    expect((await admin`select count(*)::int as n from public.messages where id = ${bad.id}`)[0]!.n).toBe(0);
    // Recorded: who, when, what.
    const [action] = await admin`select * from public.moderation_actions where target_id = ${bad.id}`;
    expect(action).toMatchObject({ moderator_id: mod.authId, action: "hide_message" });
    expect(action!.at).toBeInstanceOf(Date);
  });

  it("hides a profile: gone for visitors and other athletes, and its owner cannot make it public again", async () => {
    await report(mia, "profile", olivia.profileId, "impersonation");
    await as(mod, async (tx) => moderate(tx, "hide_profile", await reportId(olivia.profileId)));
    expect(
      await withRls(null, (tx) => tx`select id from public.profiles where id = ${olivia.profileId}`),
    ).toEqual([]);
    expect(await as(jack, (tx) => tx`select id from public.profiles where id = ${olivia.profileId}`)).toEqual(
      [],
    );
    // A stranger can no longer start a conversation with it ("Athlete not found").
    await expect(
      as(jack, (tx) => tx`select public.start_conversation(${olivia.profileId})`),
    ).rejects.toMatchObject({ code: "P0002" });
    await expect(
      as(olivia, (tx) => tx`update public.profiles set is_public = true where id = ${olivia.profileId}`),
    ).rejects.toMatchObject({ detail: "PROFILE_HIDDEN" });
    // The edit form says why, under the field.
    session.claims = olivia.claims;
    await expect(
      updateProfileAction(olivia.profileId, await formOf(olivia, { is_public: true })),
    ).resolves.toMatchObject({
      ok: false,
      fieldErrors: { is_public: hiddenProfileMessage },
    });
    // Other edits still work.
    await as(
      olivia,
      (tx) => tx`update public.profiles set full_name = 'Olivia Renamed' where id = ${olivia.profileId}`,
    );
  });

  it("two moderators acting on one report at once: one acts, the other is told it was handled", async () => {
    await report(mia, "profile", jack.profileId, "spam");
    const id = await reportId(jack.profileId);
    const results = await Promise.allSettled([
      as(mod, (tx) => moderate(tx, "dismiss", id)),
      as(mod2, (tx) => moderate(tx, "suspend", id)),
      as(mod, (tx) => moderate(tx, "hide_profile", id)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect(r.reason).toMatchObject({
        detail: "REPORT_HANDLED",
        message: "Another moderator has already handled this report",
      });
    }
    expect(
      (await admin`select count(*)::int as n from public.moderation_actions where report_id = ${id}`)[0]!.n,
    ).toBe(1);
    await admin`delete from private.suspended_accounts where user_id = ${jack.authId}`;
    await admin`delete from private.hidden_profiles where profile_id = ${jack.profileId}`;
    await admin`update public.profiles set is_public = true where id = ${jack.profileId}`;
  });

  it("actions on different reports that share a target, at once, neither deadlock nor double up", async () => {
    const c = await conversation(mia, jack);
    const m = (await send(jack, c, "Repeated spam"))!;
    const third = await athlete("Third Reporter");
    await conversation(third, jack);
    await report(mia, "message", m.id);
    await report(mia, "profile", jack.profileId);
    await report(third, "profile", jack.profileId);
    const ids = await admin<{ id: string; kind: string }[]>`
      select id, kind from public.reports where status = 'open' and reported_profile_id = ${jack.profileId}`;
    const results = await Promise.allSettled(
      ids.map((r, i) =>
        as(i % 2 ? mod : mod2, (tx) => moderate(tx, r.kind === "message" ? "hide_message" : "suspend", r.id)),
      ),
    );
    expect(results.some((r) => r.status === "fulfilled")).toBe(true);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect(r.reason).toMatchObject({ detail: "REPORT_HANDLED" });
    }
    expect(
      await admin`select status from public.reports where reported_profile_id = ${jack.profileId} and status = 'open'`,
    ).toEqual([]);
    await admin`delete from private.suspended_accounts where user_id = ${jack.authId}`;
  });
});

describe("a suspended account", () => {
  let mod: Athlete, bad: Athlete, good: Athlete, free: Athlete, c: string;
  let teamId: string, goodTeamId: string, otherTeamId: string;
  beforeAll(async () => {
    mod = await moderator("Mod Suspend");
    bad = await athlete("Bad Actor");
    good = await athlete("Good Athlete");
    c = await conversation(bad, good);
    await send(good, c, "Hi there");
    // A team the suspended athlete created, and one they could ask to join.
    teamId = (
      await as(
        bad,
        (tx) =>
          tx`select (public.create_team('Bad Team', 'A team made before the suspension.', null, 3,
              '{"roles":["swimmer"],"experience_levels":["beginner"]}', null)).id as id`,
      )
    )[0]!.id;
    goodTeamId = (
      await as(
        good,
        (tx) =>
          tx`select (public.create_team('Good Team', 'A team the suspended athlete wants to join.', null, 3,
              '{"roles":["swimmer","runner"],"experience_levels":["beginner"]}', null)).id as id`,
      )
    )[0]!.id;
    free = await athlete("Free Agent");
    const other = await athlete("Other Creator");
    otherTeamId = (
      await as(
        other,
        (tx) =>
          tx`select (public.create_team('Other Team', 'Another team the suspended athlete could ask.', null, 3,
              '{"roles":["runner"],"experience_levels":["beginner"]}', null)).id as id`,
      )
    )[0]!.id;
    // A request made before the suspension, to withdraw after it.
    // Good races the run leg: the open leg is the swim.
    await as(bad, (tx) => tx`select public.request_to_join_team(${goodTeamId}, 'swimmer')`);
    await report(good, "profile", bad.profileId, "harassment");
    await as(mod, async (tx) => moderate(tx, "suspend", await reportId(bad.profileId)));
  });

  const refused = (sql: (tx: Tx) => Promise<unknown>) =>
    expect(as(bad, sql)).rejects.toMatchObject({ code: "42501", detail: "ACCOUNT_SUSPENDED" });

  it("is refused on every write path, in SQL", async () => {
    await refused((tx) =>
      insertMessage(tx, { id: randomUUID(), conversationId: c, senderId: bad.profileId, content: "hi" }),
    );
    await refused((tx) => tx`update public.messages set read = true where conversation_id = ${c}`);
    await refused((tx) => tx`select public.start_conversation(${good.profileId})`);
    await refused((tx) => tx`select public.request_to_join_team(${otherTeamId})`);
    await refused(
      (
        tx,
      ) => tx`select public.update_team(${teamId}, 'Renamed Team', 'A team made before the suspension.', null, 3,
                   '{"roles":["swimmer"],"experience_levels":["beginner"]}', null, 'open')`,
    );
    await refused((tx) => tx`select public.set_team_urgent_need(${teamId}, 'runner', current_date + 3)`);
    await refused((tx) => tx`select public.invite_to_team(${teamId}, ${free.profileId})`);
    await refused((tx) => tx`select public.leave_team(${goodTeamId})`);
    await refused((tx) => tx`update public.profiles set full_name = 'New Name' where id = ${bad.profileId}`);
    await refused(
      (tx) => tx`insert into public.notification_settings (profile_id) values (${bad.profileId})
                 on conflict do nothing`,
    );
    await refused((tx) => tx`select public.report_content('profile', ${good.profileId}, 'spam', null)`);
    // Nothing was written (the one message is the join request's, from before the suspension).
    expect(
      (await admin`select count(*)::int as n from public.messages where sender_id = ${bad.profileId}`)[0]!.n,
    ).toBe(1);
    expect((await admin`select name from public.teams where id = ${teamId}`)[0]!.name).toBe("Bad Team");
    expect(await as(bad, (tx) => tx`select public.my_account_is_suspended() as s`)).toEqual([{ s: true }]);
  });

  it("still reads, and the send action says why it was refused", async () => {
    expect(
      await as(bad, (tx) => tx`select content from public.messages where conversation_id = ${c}`),
    ).toHaveLength(2);
    session.claims = bad.claims;
    await expect(
      messageActions.sendMessageAction({ id: randomUUID(), conversationId: c, content: "Let me in" }),
    ).resolves.toEqual({ ok: false, error: suspendedMessage, code: "SUSPENDED" });
    await expect(messageActions.startConversationAction(good.profileId)).resolves.toMatchObject({
      error: suspendedMessage,
    });
    await expect(
      updateProfileAction(bad.profileId, await formOf(bad, { full_name: "Changed Name" })),
    ).resolves.toEqual({
      ok: false,
      error: suspendedMessage,
      code: "SUSPENDED",
    });
    await expect(requestToJoinTeamAction(otherTeamId)).resolves.toMatchObject({
      ok: false,
      error: suspendedMessage,
    });
  });

  it("does not stop others acting on rows that involve the suspended account", async () => {
    await send(good, c, "Are you there?");
    await as(
      good,
      (tx) =>
        tx`update public.messages set read = true where conversation_id = ${c} and sender_id = ${bad.profileId}`,
    );
    expect(await as(good, (tx) => tx`select public.my_account_is_suspended() as s`)).toEqual([{ s: false }]);
  });
});
