import type { SupabaseClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims, type Tx } from "@/lib/db";
import { fileReport } from "@/lib/data/reports";
import { isRefusal, processPhoto } from "@/lib/photos/process";
import { removeReportedPhoto, saveProfilePhoto } from "@/lib/photos/store";
import { visitorPhotoDataUrl } from "@/lib/photos/card-photo";
import { adminSql, dropAccounts, makeAthlete, type Athlete } from "@/test/fixtures/athletes";
import { adminClient, createConfirmedUser, plainClient } from "@noosa-tri/supabase-local/test-support";

// docs/security.md#moderation: reporting a profile photo and a moderator removing it. The rules live in SQL
// (public.report_content, public.moderate_remove_photo); the objects leave the bucket through the Storage
// API (lib/photos/store.ts). Driven as the app does (withRls as the signed-in account, Storage as the
// athlete) against the stand-in, and checked behind with the admin connection and in the bucket.

const admin = adminSql({ max: 4 });
const accounts: string[] = [];

type WithPhoto = Athlete & { client: SupabaseClient };

/** An athlete signed in through Auth (so Storage writes as them), with a public profile unless told. */
async function athleteWithClient(name: string, isPublic = true): Promise<WithPhoto> {
  const user = await createConfirmedUser();
  accounts.push(user.id);
  const client = plainClient();
  const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw error;
  const { data } = await client.auth.getClaims();
  const made = await makeAthlete(admin, { account: { id: user.id, email: user.email }, name, isPublic });
  return { ...made, claims: data!.claims as Claims, client };
}

async function athlete(name: string, options: { isPublic?: boolean; profile?: boolean } = {}) {
  const a = await makeAthlete(admin, { name, isPublic: options.isPublic ?? true, profile: options.profile });
  accounts.push(a.authId);
  return a;
}

async function upload(who: WithPhoto, colour: string): Promise<string> {
  const bytes = await sharp({ create: { width: 400, height: 400, channels: 3, background: colour } }).jpeg().toBuffer();
  const processed = await processPhoto(bytes, { zoom: 1, x: 0.5, y: 0.5 });
  if (isRefusal(processed)) throw new Error(processed.code);
  return withRls(who.claims, (tx) => saveProfilePhoto(who.client, tx, who.authId, processed));
}

const as = <T>(who: Athlete, fn: (tx: Tx) => Promise<T>) => withRls(who.claims, fn);
const reportPhoto = (who: Athlete, of: Athlete, reason: "inappropriate" | "impersonation" = "inappropriate") =>
  as(who, (tx) => fileReport(tx, { kind: "photo", targetId: of.profileId, reason, details: "" }));
const sqlState = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (e: { code?: string; detail?: string }) => `${e.code}${e.detail ? ` ${e.detail}` : ""}`,
  );

const objectsOf = async (who: Athlete) =>
  (
    await admin<{ name: string }[]>`
      select name from storage.objects where bucket_id = 'avatars' and name like ${`${who.authId}/%`} order by name`
  ).map((r) => r.name);
const photoPathOf = async (who: Athlete) =>
  (await admin<{ photo_path: string | null }[]>`select photo_path from public.profiles where id = ${who.profileId}`)[0]!
    .photo_path;
const openPhotoReports = (who: Athlete) =>
  admin<{ id: string; reporter_id: string; photo_path: string; status: string; resolution: string | null }[]>`
    select id, reporter_id, photo_path, status, resolution from public.reports
    where kind = 'photo' and target_id = ${who.profileId} order by created_at, id`;
const noticesTo = (who: Athlete) =>
  admin<{ kind: string; detail: string; status: string }[]>`
    select kind, detail, status from private.notification_outbox
    where recipient_id = ${who.profileId} and kind = 'photo_removed'`;

let mia: WithPhoto, reporter: Athlete, second: Athlete, moderator: Athlete;

beforeAll(async () => {
  mia = await athleteWithClient("Mia Photo");
  reporter = await athlete("Rory Reporter");
  second = await athlete("Sal Second");
  moderator = await athlete("Mo Moderator", { profile: false });
  await admin`insert into private.moderators (user_id) values (${moderator.authId})`;
});

afterAll(async () => {
  for (const id of accounts) {
    const { data } = await adminClient().storage.from("avatars").list(id);
    if (data?.length) await adminClient().storage.from("avatars").remove(data.map((o) => `${id}/${o.name}`));
  }
  await dropAccounts(admin, accounts);
  await admin.end();
  await pool().end();
});

describe("reporting a photo", () => {
  it("records the photo as seen, once per reporter; never one's own, a missing one or one out of sight", async () => {
    const path = await upload(mia, "#c0392b");
    expect(await reportPhoto(reporter, mia)).toBe("reported");
    expect(await reportPhoto(reporter, mia, "impersonation")).toBe("already_reported");
    const rows = await openPhotoReports(mia);
    expect(rows).toEqual([
      { id: rows[0]!.id, reporter_id: reporter.authId, photo_path: path, status: "open", resolution: null },
    ]);

    // One's own photo.
    expect(await sqlState(reportPhoto(mia, mia))).toBe("22023 REPORT_SELF");
    // A profile with no photo.
    expect(await sqlState(reportPhoto(mia, second))).toBe("P0002 REPORT_TARGET_NOT_FOUND");
    // A private athlete's photo, to someone who may not see it.
    const hidden = await athleteWithClient("Hana Private", false);
    await upload(hidden, "#8e44ad");
    expect(await sqlState(reportPhoto(reporter, hidden))).toBe("P0002 REPORT_TARGET_NOT_FOUND");
    // A visitor cannot report at all.
    expect(
      await sqlState(
        withRls(null, (tx) => tx`select public.report_content('photo', ${mia.profileId}, 'spam')`),
      ),
    ).toBe("42501");
    expect(await openPhotoReports(mia)).toHaveLength(1);
    expect(await openPhotoReports(hidden)).toHaveLength(0);
  });
});

describe("a moderator removing a reported photo", () => {
  it("is refused to anyone else, who changes nothing", async () => {
    const [open] = await openPhotoReports(mia);
    const before = await objectsOf(mia);
    expect(before).toHaveLength(3);
    expect(await sqlState(as(reporter, (tx) => removeReportedPhoto(tx, open!.id)))).toBe("42501 NOT_MODERATOR");
    expect(await sqlState(as(mia, (tx) => removeReportedPhoto(tx, open!.id)))).toBe("42501 NOT_MODERATOR");
    expect(await objectsOf(mia)).toEqual(before);
    expect(await photoPathOf(mia)).not.toBeNull();
    expect((await openPhotoReports(mia))[0]!.status).toBe("open");
    expect(await noticesTo(mia)).toEqual([]);
  });

  it("removes every object of the photo, clears the profile, closes its reports and tells the athlete once", async () => {
    expect(await reportPhoto(second, mia, "impersonation")).toBe("reported");
    const [first] = await openPhotoReports(mia);
    const result = await as(moderator, (tx) => removeReportedPhoto(tx, first!.id));
    expect(result).toEqual({ closed: 2, profileId: mia.profileId, cleared: true });

    // In the bucket: nothing of the photo is left, sizes or original.
    expect(await objectsOf(mia)).toEqual([]);
    expect(await photoPathOf(mia)).toBeNull();
    expect((await openPhotoReports(mia)).map((r) => [r.status, r.resolution])).toEqual([
      ["actioned", "remove_photo"],
      ["actioned", "remove_photo"],
    ]);
    const [logged] = await admin<{ action: string; moderator_id: string }[]>`
      select action, moderator_id from public.moderation_actions where report_id = ${first!.id}`;
    expect(logged).toEqual({ action: "remove_photo", moderator_id: moderator.authId });
    // The notice names the first report's reason.
    expect(await noticesTo(mia)).toEqual([{ kind: "photo_removed", detail: "inappropriate", status: "pending" }]);

    // Pressing again changes nothing and queues nothing more.
    expect(await sqlState(as(moderator, (tx) => removeReportedPhoto(tx, first!.id)))).toBe("P0001 REPORT_HANDLED");
    expect(await noticesTo(mia)).toHaveLength(1);

    // Visitors and the reporter now see initials: no photo path reaches any page.
    const visible = await withRls(null, (tx) =>
      tx<{ p: string | null }[]>`select private.visible_photo_path(${mia.profileId}) as p`,
    );
    expect(visible[0]!.p).toBeNull();
  });

  it("lets the athlete upload a new photo afterwards", async () => {
    const path = await upload(mia, "#16a085");
    expect(await photoPathOf(mia)).toBe(path);
    expect(await objectsOf(mia)).toHaveLength(3);
  });

  it("never takes down a photo put up after the report: the reported one only, and no notice", async () => {
    const reported = (await photoPathOf(mia))!;
    expect(await reportPhoto(reporter, mia)).toBe("reported");
    const replacement = await upload(mia, "#2c3e50");
    expect(replacement).not.toBe(reported);
    const open = (await openPhotoReports(mia)).find((r) => r.status === "open")!;
    expect(open.photo_path).toBe(reported);

    const result = await as(moderator, (tx) => removeReportedPhoto(tx, open.id));
    expect(result).toEqual({ closed: 1, profileId: mia.profileId, cleared: false });
    expect(await photoPathOf(mia)).toBe(replacement);
    expect((await objectsOf(mia)).every((name) => name.startsWith(`${replacement}-`))).toBe(true);
    expect(await objectsOf(mia)).toHaveLength(3);
    expect(await noticesTo(mia)).toHaveLength(1);
  });

  it("sends the notice whatever the athlete's e-mail switches say", async () => {
    await admin`
      insert into public.notification_settings (profile_id, join_requests, decisions, messages, urgent_alerts,
                                                session_reminders, session_updates)
      values (${mia.profileId}, false, false, false, false, false, false)`;
    const [wants] = await admin<{ yes: boolean }[]>`
      select private.wants_notification(${mia.profileId}, 'photo_removed') as yes`;
    expect(wants!.yes).toBe(true);
  });
});

describe("the photo a profile's social card draws", () => {
  it("is a public, unsuspended athlete's photo only, read as a visitor", async () => {
    const open = await athleteWithClient("Cara Card");
    const path = await upload(open, "#e67e22");
    expect(await visitorPhotoDataUrl(path)).toMatch(/^data:image\/jpeg;base64,.{100}/);

    const closed = await athleteWithClient("Pri Vate", false);
    expect(await visitorPhotoDataUrl(await upload(closed, "#34495e"))).toBeNull();

    await admin`insert into private.suspended_accounts (user_id) values (${open.authId})`;
    try {
      expect(await visitorPhotoDataUrl(path)).toBeNull();
    } finally {
      await admin`delete from private.suspended_accounts where user_id = ${open.authId}`;
    }
    expect(await visitorPhotoDataUrl(null)).toBeNull();
  });
});
