import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Mail } from "@noosa-tri/supabase-local";
import { stackEnv } from "@noosa-tri/supabase-local/test-support";
import { pool, withRls, type Claims } from "@/lib/db";
import { declineInvitation, inviteToTeam } from "@/lib/data/team-invitations";
import { createTeam, setUrgentNeed } from "@/lib/data/team-writes";
import type { TeamCreateInput } from "@/lib/validation/team";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";
import { smtpTransport } from "./transport";
import { verifyUnsubscribeToken } from "./unsubscribe-token";
import { runNotificationPass } from "./worker";

// docs/notifications.md#kinds: an invitation e-mails the invitee at once (supabase/schema.sql), through the
// real worker and SMTP into the stack's mailbox; its automatic message is not e-mailed again. Runs inside
// `supabase-local --test`.
const admin = adminSql();
const run = randomUUID().slice(0, 8);
const people = {
  coach: { public: true, specialty: "cyclist" },
  quiet: { public: false, specialty: "cyclist" },
  ivy: { public: true, specialty: "runner" },
  off: { public: true, specialty: "runner" },
  sid: { public: true, specialty: "swimmer" },
  dee: { public: true, specialty: "swimmer" },
} as const;
type Name = keyof typeof people;
const names = Object.keys(people) as Name[];
const auth = Object.fromEntries(names.map((n) => [n, randomUUID()])) as Record<Name, string>;
const profile = {} as Record<Name, string>;
const athlete: Athlete[] = [];
const email = (n: Name) => `${n}-${run}@example.test`;
const as = (n: Name): Claims => ({ sub: auth[n], role: "authenticated", email: email(n) });
const team = (name: string): TeamCreateInput => ({
  name,
  description: "A relay team that invites the athletes it needs.",
  location: "Peregian Beach",
  max_members: 3,
  requirements: { roles: ["swimmer", "runner"], experience_levels: ["advanced"] },
  training_schedule: { days: [], times: [] },
});

const rowsFor = (n: Name) =>
  admin`select kind, dedupe_key, detail, status, last_error, invitation_id
        from private.notification_outbox where recipient_id = ${profile[n]} order by id`;

async function mailTo(n: Name): Promise<Mail[]> {
  const url = new URL(`${stackEnv().mailboxUrl.replace(/\/$/, "")}/api/messages`);
  url.searchParams.set("to", email(n));
  const response = await fetch(url);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return (await response.json()) as Mail[];
}

let coachTeam = "";
let quietTeam = "";
const coachTeamName = `Sunrise ${run}`;
const quietTeamName = `Quiet ${run}`;

beforeAll(async () => {
  for (const n of names) {
    const made = await makeAthlete(admin, {
      authId: auth[n],
      email: email(n),
      emailConfirmed: true,
      name: `${n[0]!.toUpperCase()}${n.slice(1)} Tester`,
      isPublic: people[n].public,
      lookingForTeam: true,
      specialty: people[n].specialty,
      experienceLevel: "advanced",
      goals: `Race the ${people[n].specialty} leg fast`,
      avatar: false,
    });
    athlete.push(made);
    profile[n] = made.profileId;
  }
  coachTeam = (await withRls(as("coach"), (tx) => createTeam(tx, team(coachTeamName)))).id;
  quietTeam = (await withRls(as("quiet"), (tx) => createTeam(tx, team(quietTeamName)))).id;
  await admin`insert into public.notification_settings (profile_id, join_requests) values (${profile.off}, false)`;
});

// Each test starts from an empty queue: other suites' and the seed's rows are not ours.
beforeEach(async () => {
  await admin`update private.notification_outbox set status = 'skipped' where status in ('pending', 'sending')`;
});

afterAll(async () => {
  await dropAthletes(admin, athlete);
  await admin.end();
  await pool().end();
});

describe("invitation e-mails", () => {
  it("an invitation queues one row for the invitee, due now; its message is not queued as a new message", async () => {
    const invites = await Promise.allSettled(
      Array.from({ length: 5 }, () => withRls(as("coach"), (tx) => inviteToTeam(tx, coachTeam, profile.ivy))),
    );
    const done = invites.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(done).toHaveLength(1);
    const { invitation, conversation_id } = done[0]!;
    expect(await rowsFor("ivy")).toEqual([
      {
        kind: "invitation",
        dedupe_key: `invitation:${invitation.id}`,
        detail: "runner",
        status: "pending",
        last_error: null,
        invitation_id: invitation.id,
      },
    ]);
    // The invitation's message is in the conversation, but no "new message" row for it.
    const [posted] =
      await admin`select count(*)::int as n from public.messages where conversation_id = ${conversation_id}`;
    expect(posted!.n).toBe(1);
    // A later message in the same conversation is e-mailed as usual: the skip is for the invitation's own.
    await withRls(
      as("coach"),
      (tx) =>
        tx`insert into public.messages (conversation_id, sender_id, content)
           values (${conversation_id}, ${profile.coach}, 'Training is at 6 am on Saturday.')`,
    );
    expect((await rowsFor("ivy")).map((r) => r.kind)).toEqual(["invitation", "message"]);
  });

  it("the worker sends it into the mailbox at once: team, leg, place, urgent need, team page, one-click unsubscribe", async () => {
    const today = (await admin`select private.noosa_today()::text as d`)[0]!.d as string;
    await withRls(as("coach"), (tx) => setUrgentNeed(tx, coachTeam, "swimmer", today));
    const since = Date.now();
    await withRls(as("coach"), (tx) => inviteToTeam(tx, coachTeam, profile.sid));
    await runNotificationPass({ transport: smtpTransport() });

    const mails = (await mailTo("sid")).filter((m) => new Date(m.created_at).getTime() >= since - 1000);
    expect(mails.map((m) => m.subject)).toEqual([`${coachTeamName} invites you to join as the swimmer`]);
    const mail = mails[0]!;
    expect(mail.text).toContain("Hi Sid,");
    expect(mail.text).toContain(
      `Coach Tester, the creator of ${coachTeamName}, invites you to join the team as the swimmer. ` +
        "The team is based in Peregian Beach.",
    );
    expect(mail.text).toMatch(/The team urgently needs a swimmer by \w{3}, \d{1,2} \w{3}\./);
    // The invitation's own page (Accept and Decline), through sign-in when needed.
    expect(mail.links.some((l) => new RegExp(`/teams/${coachTeam}/invitations/[0-9a-f-]{36}$`).test(l))).toBe(
      true,
    );
    expect(mail.text).toContain("Stop e-mails about join requests and invitations");
    const unsubscribe = /^<(.+)>$/.exec(mail.headers["list-unsubscribe"]!)![1]!;
    expect(verifyUnsubscribeToken(new URL(unsubscribe).searchParams.get("token"))).toEqual({
      profileId: profile.sid,
      kind: "join_request",
    });
    expect(await rowsFor("sid")).toMatchObject([{ kind: "invitation", status: "sent" }]);

    // Sent once: another pass sends nothing more to Sid.
    await runNotificationPass({ transport: smtpTransport() });
    expect(
      (await mailTo("sid")).filter((m) => new Date(m.created_at).getTime() >= since - 1000),
    ).toHaveLength(1);
    await withRls(as("coach"), (tx) => setUrgentNeed(tx, coachTeam, null, null));
  });

  it("join requests and invitations off: queued, then skipped, nothing in the mailbox", async () => {
    await withRls(as("coach"), (tx) => inviteToTeam(tx, coachTeam, profile.off));
    await runNotificationPass({ transport: smtpTransport() });
    expect(await rowsFor("off")).toMatchObject([
      { kind: "invitation", status: "skipped", last_error: "turned off by the recipient" },
    ]);
    expect(await mailTo("off")).toEqual([]);
  });

  it("a private creator is not named; an invitation answered before sending is not sent", async () => {
    const since = Date.now();
    const { invitation } = await withRls(as("quiet"), (tx) => inviteToTeam(tx, quietTeam, profile.dee));
    await runNotificationPass({ transport: smtpTransport() });
    const [mail] = (await mailTo("dee")).filter((m) => new Date(m.created_at).getTime() >= since - 1000);
    expect(mail!.subject).toBe(`${quietTeamName} invites you to join as the swimmer`);
    expect(mail!.text).toContain(`${quietTeamName} invites you to join the team as the swimmer.`);
    expect(mail!.text + mail!.html).not.toContain("Quiet Tester");
    expect(mail!.text).not.toContain("urgently");

    // Ivy answers Quiet's invitation before the worker runs: skipped.
    const second = await withRls(as("quiet"), (tx) => inviteToTeam(tx, quietTeam, profile.ivy));
    await withRls(as("ivy"), (tx) => declineInvitation(tx, second.invitation.id));
    await runNotificationPass({ transport: smtpTransport() });
    expect((await rowsFor("ivy")).filter((r) => r.invitation_id === second.invitation.id)).toMatchObject([
      { status: "skipped", last_error: "invitation already answered" },
    ]);
    expect(invitation.status).toBe("pending");
  });
});
