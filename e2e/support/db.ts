import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { createConfirmedUser } from "./users";

/** The stack's database as its owner, for arranging data a test needs (supabase-local --test exports the URL). */
let admin: postgres.Sql | undefined;
export function adminDb(): postgres.Sql {
  const url = process.env.LOCAL_DB_ADMIN_URL;
  if (!url) throw new Error("LOCAL_DB_ADMIN_URL is not set: run the e2e suite with `npm run test:e2e`.");
  admin ??= postgres(url, { max: 2, onnotice: () => {} });
  return admin;
}

export type TestAthlete = {
  id: string;
  email: string;
  password: string;
  profileId: string;
  fullName: string;
};

/** A confirmed account with a profile (public and looking for a team unless told otherwise). */
export async function createAthlete(
  options: {
    fullName?: string;
    specialty?: "swimmer" | "cyclist" | "runner";
    level?: "beginner" | "intermediate" | "advanced" | "elite";
    place?: string;
    isPublic?: boolean;
    looking?: boolean;
  } = {},
): Promise<TestAthlete> {
  const user = await createConfirmedUser();
  const tag = randomUUID().slice(0, 8);
  const fullName = options.fullName ?? `Test Athlete ${tag}`;
  const [row] = await adminDb()<{ id: string }[]>`
    insert into public.profiles (auth_id, username, full_name, location, is_public, looking_for_team, specialty,
                                 experience_level, training_preference, goals)
    values (${user.id}, ${`t_${tag}`}, ${fullName},
            ${adminDb().json({ display_name: options.place ?? "Noosaville", coordinates: [0, 0] })},
            ${options.isPublic ?? true}, ${options.looking ?? true}, ${options.specialty ?? "runner"},
            ${options.level ?? "intermediate"}, 'Evening runs', 'Run the 10 km leg for a relay team')
    returning id`;
  return { ...user, profileId: row!.id, fullName };
}

/** A team created by `creator` (as the teams functions would: the creator is its first active member). */
export async function createTeam(
  creator: TestAthlete,
  options: { name?: string; status?: "open" | "full" | "closed"; roles?: string[]; urgentRole?: string } = {},
): Promise<string> {
  const db = adminDb();
  const [row] = await db<{ id: string }[]>`
    insert into public.teams (name, description, creator_id, status, requirements, urgent_role, urgent_by)
    values (${options.name ?? `Team ${randomUUID().slice(0, 6)}`}, 'A relay team made by an end-to-end test.',
            ${creator.id}, ${options.status ?? "open"},
            ${db.json({ roles: options.roles ?? ["swimmer", "cyclist"], experience_levels: ["intermediate", "advanced"] })},
            ${options.urgentRole ?? null}, ${options.urgentRole ? db`current_date + 2` : null})
    returning id`;
  await db`insert into public.team_members (team_id, profile_id, role, status)
           values (${row!.id}, ${creator.profileId}, 'runner', 'active')`;
  return row!.id;
}
