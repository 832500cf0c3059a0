import "server-only";
import type { MetadataRoute } from "next";
import { withRls, type Tx } from "@/lib/db";
import { absoluteUrl } from "@/lib/site";
import { publicProfilesTag, publicRead } from "./public-cache";
import {
  profileIdSchema,
  type Discipline,
  type ExperienceLevel,
  type Specialty,
  type TrainingDay,
  type TrainingTime,
} from "@/lib/validation/profile";

export type ProfileLocation = { display_name: string; coordinates: [number, number] };

/** A profile as the API may show it (docs/product.md#profiles). The account e-mail is never selectable (column grants). */
export type Profile = {
  id: string;
  auth_id: string;
  username: string;
  full_name: string;
  bio: string | null;
  location: ProfileLocation;
  is_public: boolean;
  looking_for_team: boolean;
  /** Open to training partners: apart from looking for a team, and kept while in one. */
  open_to_training: boolean;
  specialty: Specialty;
  experience_level: ExperienceLevel;
  training_preference: string | null;
  goals: string;
  target_times: Partial<Record<Discipline, string>>;
  availability: { days: TrainingDay[]; times: TrainingTime[] };
  achievements: string[];
  avatar_url: string | null;
  /** The profile photo's path in Storage (lib/photos), only when the reader may see it. */
  photo_path: string | null;
  created_at: string;
  updated_at: string;
};

export const profileColumns = [
  "id",
  "auth_id",
  "username",
  "full_name",
  "bio",
  "location",
  "is_public",
  "looking_for_team",
  "open_to_training",
  "specialty",
  "experience_level",
  "training_preference",
  "goals",
  "target_times",
  "availability",
  "achievements",
  "avatar_url",
  "created_at",
  "updated_at",
] as const;

/** The photo as the reader may see it: the rule is private.photo_visible, in SQL. */
const photoPathColumn = (tx: Tx) => tx`private.visible_photo_path(id) as photo_path`;

type ProfileRow = Omit<Profile, "created_at" | "updated_at"> & { created_at: Date; updated_at: Date };

// Timestamps become ISO strings so a profile survives the JSON round trip of the data cache and of props.
function toProfile(row: ProfileRow): Profile {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

/** The profile of the account `authId`, as far as RLS lets the transaction's user see it. */
export async function findProfileByAuthId(tx: Tx, authId: string): Promise<Profile | null> {
  const [row] = await tx<ProfileRow[]>`
    select ${tx(profileColumns)}, ${photoPathColumn(tx)} from public.profiles where auth_id = ${authId}`;
  return row ? toProfile(row) : null;
}

/** A public profile by id; null when missing or private. Run it as anon so only public rows can match. */
export async function findPublicProfile(tx: Tx, id: string): Promise<Profile | null> {
  if (!profileIdSchema.safeParse(id).success) return null;
  const [row] = await tx<ProfileRow[]>`
    select ${tx(profileColumns)}, ${photoPathColumn(tx)} from public.profiles where id = ${id} and is_public`;
  return row ? toProfile(row) : null;
}

/** Ids and last change of every public profile, for the sitemap. */
export async function listPublicProfileEntries(
  tx: Tx,
  limit = 5000,
): Promise<{ id: string; updated_at: string }[]> {
  const rows = await tx<{ id: string; updated_at: Date }[]>`
    select id, updated_at from public.profiles where is_public order by updated_at desc limit ${limit}`;
  return rows.map((r) => ({ id: r.id, updated_at: r.updated_at.toISOString() }));
}

/** Cache tag of one public profile page, its metadata and its social card. */
export const publicProfileTag = (id: string) => `profile:${id}`;

/**
 * The public profile page's data, read as a visitor and cached under the profile's tag until the
 * owner edits it (the edit action expires the tag) or an hour passes. A failed read is thrown, never cached.
 */
export function getPublicProfile(id: string): Promise<Profile | null> {
  if (!profileIdSchema.safeParse(id).success) return Promise.resolve(null);
  return publicRead(["public-profile", id], () => withRls(null, (tx) => findPublicProfile(tx, id)), {
    tags: [publicProfileTag(id), publicProfilesTag],
    backstop: 3600,
  });
}

/** Public profiles for the sitemap, read as a visitor. */
export function getPublicProfileEntries() {
  return publicRead(["public-profile-entries"], () => withRls(null, (tx) => listPublicProfileEntries(tx)), {
    tags: [publicProfilesTag],
    backstop: 3600,
  });
}

/** Sitemap entries of public profiles; a failed read is thrown (app/sitemap.ts decides). */
export async function publicProfileSitemapEntries(): Promise<MetadataRoute.Sitemap> {
  const entries = await getPublicProfileEntries();
  return entries.map((p) => ({
    url: absoluteUrl(`/profile/${p.id}`),
    lastModified: new Date(p.updated_at),
    changeFrequency: "weekly" as const,
    priority: 0.5,
  }));
}
