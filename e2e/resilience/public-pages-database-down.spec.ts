import { expect, test } from "@playwright/test";
import { restartPostgres } from "@noosa-tri/supabase-local/test-support";
import { adminSql } from "../messages/support";
import { createAthlete, createTeamFor, db, signIn } from "../teams/team-support";

// A read that fails is never kept as the truth (docs/architecture.md#caching): when the database is down
// just as a write has expired the cached public pages, their regeneration fails and is not stored, so no
// landing page without its urgent teams and no sitemap without its teams is served once it is back.
test.describe.configure({ timeout: 180_000 });

test("the database down while the landing page and sitemap regenerate: nothing empty is kept", async ({
  page,
  request,
}) => {
  const creator = await createAthlete("swimmer", "steady");
  const team = await createTeamFor(creator, { name: `Outage ${creator.profileId.slice(0, 6)}` });
  const teamPath = `/teams/${team.id}`;
  const offer = `Ask to join as a runner: ${team.name}`;

  // The creator marks the run urgent through the app: every cached public page is expired by it.
  await signIn(page, creator, teamPath);
  const main = page.getByRole("main");
  await main.getByLabel("Leg needed").selectOption("runner");
  const today = (await db()`select (now() at time zone 'Australia/Brisbane')::date::text as d`)[0]!
    .d as string;
  await main.getByLabel("Needed by").fill(today.split("-").reverse().join("/"));
  await main.getByRole("button", { name: "Save urgent need" }).click();
  await expect(page.getByText("Urgent need saved")).toBeVisible();

  // Before any visitor asks for them again, the database goes down for 8 s.
  const restarted = restartPostgres(8000);
  const probe = adminSql();
  await expect
    .poll(
      () =>
        probe`select 1`.then(
          () => "up",
          () => "down",
        ),
      { timeout: 10_000, intervals: [100] },
    )
    .toBe("down");
  await probe.end({ timeout: 1 }).catch(() => {});

  // Their regeneration fails: answered as an error, not as a page or a sitemap made without the database.
  for (const path of ["/urgent-triathlon-team-noosa", "/sitemap.xml"]) {
    expect((await request.get(path)).status(), path).toBeGreaterThanOrEqual(500);
  }
  await restarted;

  // Back: both come from the database again (Next serves its last good copy for up to 30 s meanwhile,
  // never an empty one for the five minutes or the hour of their timers).
  await expect(async () => {
    const [landing, sitemap] = await Promise.all([
      request.get("/urgent-triathlon-team-noosa").then((r) => r.text()),
      request.get("/sitemap.xml").then((r) => r.text()),
    ]);
    expect(landing).toContain(offer);
    expect(sitemap).toContain(teamPath);
  }).toPass({ timeout: 90_000, intervals: [1000] });
});
