/** Accounts and profiles for the messaging integration tests, made through the admin connection. */
import { randomUUID } from "node:crypto";
import type postgres from "postgres";
import type { Claims } from "@/lib/db";

export type Athlete = { authId: string; profileId: string; claims: Claims };

/** An account with (unless `profile: false`) a profile; private unless `isPublic`. */
export async function makeAthlete(
  admin: postgres.Sql,
  { isPublic = false, profile = true, name = "Test Athlete" } = {},
): Promise<Athlete> {
  const authId = randomUUID();
  const email = `${authId}@example.test`;
  await admin`insert into auth.users (id, email) values (${authId}, ${email})`;
  let profileId = "";
  if (profile) {
    const [row] = await admin<{ id: string }[]>`
      insert into public.profiles (auth_id, username, full_name, location, specialty, experience_level, goals,
                                   is_public, avatar_url)
      values (${authId}, ${`u_${authId.slice(0, 12)}`}, ${name}, ${admin.json({ display_name: "Noosa", coordinates: [0, 0] })},
              'runner', 'beginner', 'Finish the relay run leg', ${isPublic}, ${`https://img.example/${authId}.png`})
      returning id`;
    profileId = row!.id;
  }
  return { authId, profileId, claims: { sub: authId, role: "authenticated", email } };
}

export async function dropAthletes(admin: postgres.Sql, athletes: Athlete[]) {
  if (athletes.length)
    await admin`delete from auth.users where id in ${admin(athletes.map((a) => a.authId))}`;
}
