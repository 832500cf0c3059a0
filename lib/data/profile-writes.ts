import "server-only";
import type { Tx } from "@/lib/db";
import type { ProfileInput } from "@/lib/validation/profile";

// Empty optional fields are stored as absent (null / no key), never as "".
const orNull = (value: string) => (value === "" ? null : value);
const definedTimes = (times: ProfileInput["target_times"]) =>
  Object.fromEntries(Object.entries(times).filter(([, v]) => typeof v === "string" && v !== ""));

function columns(tx: Tx, input: ProfileInput) {
  return {
    username: input.username,
    full_name: input.full_name,
    bio: orNull(input.bio),
    specialty: input.specialty,
    experience_level: input.experience_level,
    training_preference: orNull(input.training_preference),
    goals: input.goals,
    target_times: tx.json(definedTimes(input.target_times)),
    availability: tx.json(input.availability),
    achievements: tx.array(input.achievements, 25 /* text */),
    is_public: input.is_public,
    looking_for_team: input.looking_for_team,
    ...(input.open_to_training === undefined ? {} : { open_to_training: input.open_to_training }),
  };
}

/**
 * Creates the profile of account `authId` (RLS allows only the signed-in account's own). A second
 * create for the same account — a double submit or two tabs — does nothing and returns null.
 * Coordinates start at [0,0]: the form asks for a place name, not a position (docs/product.md#profiles).
 */
export async function insertProfile(
  tx: Tx,
  authId: string,
  input: ProfileInput,
): Promise<{ id: string } | null> {
  const location = { display_name: input.location, coordinates: [0, 0] };
  const [row] = await tx<{ id: string }[]>`
    insert into public.profiles ${tx({ auth_id: authId, location: tx.json(location), ...columns(tx, input) })}
    on conflict (auth_id) do nothing
    returning id`;
  return row ?? null;
}

/**
 * Updates profile `id` with the form's fields, keeping its coordinates (else [0,0]). Returns null when
 * no row was updated: the profile is missing or, through RLS, not the signed-in user's.
 */
export async function updateProfile(tx: Tx, id: string, input: ProfileInput): Promise<{ id: string } | null> {
  const [row] = await tx<{ id: string }[]>`
    update public.profiles set ${tx(columns(tx, input))},
      location = jsonb_build_object(
        'display_name', ${input.location}::text,
        'coordinates', coalesce(location -> 'coordinates', '[0,0]'::jsonb))
    where id = ${id}
    returning id`;
  return row ?? null;
}

/** True for the unique-index violation of a username taken by another profile (any letter case). */
export function isUsernameTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint_name?: string } | null;
  return e?.code === "23505" && e.constraint_name === "profiles_username_lower_key";
}
