import { expect, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { createConfirmedUser, signInWithSession } from "../support/users";

/** The stack's database as its owner, for arranging data and checking what a flow wrote. */
let sql: postgres.Sql | undefined;
export function db(): postgres.Sql {
  const url = process.env.LOCAL_DB_ADMIN_URL;
  if (!url) throw new Error("LOCAL_DB_ADMIN_URL is not set: run the suite with `npm run test:e2e`.");
  sql ??= postgres(url, { max: 2, onnotice: () => {} });
  return sql;
}

export type Athlete = { id: string; email: string; password: string; profileId: string; fullName: string };

/** A fresh confirmed account with a public profile in `specialty`. */
export async function createAthlete(
  specialty: "swimmer" | "cyclist" | "runner",
  label: string = specialty,
): Promise<Athlete> {
  const user = await createConfirmedUser();
  const tag = randomUUID().slice(0, 8);
  const fullName = `${label[0]!.toUpperCase()}${label.slice(1)} ${tag}`;
  const [row] = await db()`
    insert into public.profiles (auth_id, username, full_name, location, is_public, looking_for_team, specialty,
                                 experience_level, goals)
    values (${user.id}, ${`${label}_${tag}`}, ${fullName}, '{"display_name": "Noosaville", "coordinates": [0, 0]}',
            true, true, ${specialty}, 'intermediate', ${`Race the ${specialty} leg with a friendly team`})
    returning id`;
  return { ...user, profileId: row!.id as string, fullName };
}

/** A team created straight in the database by `creator` (with the creator as active member). */
export async function createTeamFor(
  creator: Athlete,
  patch: { name?: string; max_members?: number; specialty?: string } = {},
): Promise<{ id: string; name: string }> {
  const name = patch.name ?? `Team ${randomUUID().slice(0, 6)}`;
  const [team] = await db()`
    insert into public.teams (name, description, location, creator_id, max_members, requirements)
    values (${name}, 'An e2e relay team looking for athletes.', 'Noosa Heads', ${creator.id},
            ${patch.max_members ?? 3}, '{"roles": ["swimmer", "runner"], "experience_levels": ["intermediate"]}')
    returning id`;
  await db()`insert into public.team_members (team_id, profile_id, role, status)
             select ${team!.id}, id, specialty, 'active' from public.profiles where id = ${creator.profileId}`;
  return { id: team!.id as string, name };
}

/** Signs in with a session cookie (not the form: ../support/users.ts) and opens `next`. */
export async function signIn(page: Page, who: { email: string; password: string }, next: string) {
  await signInWithSession(page, who, next);
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/]/g, "\\/")}$`), { timeout: 20_000 });
}

/** The card of team `name` on the page. */
export const cardOf = (page: Page, name: string) => page.getByRole("article", { name });
