import type { ExperienceLevel, Specialty } from "@/lib/labels";

/** An athlete public.team_fit_candidates returned for a team (already filtered: a needed leg, a near level). */
export type FitCandidate = {
  profile_id: string;
  username: string;
  full_name: string;
  specialty: Specialty;
  experience_level: ExperienceLevel;
  place: string | null;
  recently_active: boolean;
};

/** What the ranking needs of the team. */
export type FitTeam = {
  urgent_role: Specialty | null;
  /** requirements.experience_levels */
  levels: ExperienceLevel[];
  location: string | null;
};

const levelOrder: ExperienceLevel[] = ["beginner", "intermediate", "advanced", "elite"];

/** Steps between an athlete's level and the nearest level the team asks for (0 = one of them). */
export function levelDistance(level: ExperienceLevel, wanted: ExperienceLevel[]): number {
  const at = levelOrder.indexOf(level);
  if (wanted.length === 0) return 0;
  return Math.min(...wanted.map((w) => Math.abs(levelOrder.indexOf(w) - at)));
}

const normalise = (s: string) =>
  s
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Whether the athlete's place names the team's place or the other way round ("Noosa" ~ "Noosa Heads"). */
export function samePlace(athletePlace: string | null, teamPlace: string | null): boolean {
  if (!athletePlace || !teamPlace) return false;
  const a = normalise(athletePlace);
  const t = normalise(teamPlace);
  return a.length > 0 && t.length > 0 && (a.includes(t) || t.includes(a));
}

/**
 * "Athletes who fit", best first (docs/product.md#invitations): the team's urgent leg first, then level fit (a required level
 * before a neighbouring one), then the same place, then online now; ties keep the database's order
 * (most recently updated profile first), so a page is stable between two reads.
 */
export function rankCandidates(team: FitTeam, candidates: FitCandidate[]): FitCandidate[] {
  const key = (c: FitCandidate) => [
    team.urgent_role !== null && c.specialty === team.urgent_role ? 0 : 1,
    levelDistance(c.experience_level, team.levels),
    samePlace(c.place, team.location) ? 0 : 1,
    c.recently_active ? 0 : 1,
  ];
  return candidates
    .map((c, i) => ({ c, i, k: key(c) }))
    .sort((a, b) => {
      for (let j = 0; j < a.k.length; j++) if (a.k[j] !== b.k[j]) return a.k[j]! - b.k[j]!;
      return a.i - b.i;
    })
    .map(({ c }) => c);
}

export const fitPageSize = 5;

/** One page (1-based) of ranked athletes, 5 at a time, and whether there is another. */
export function fitPage(ranked: FitCandidate[], page: number): { athletes: FitCandidate[]; more: boolean } {
  const p = Number.isInteger(page) && page >= 1 ? page : 1;
  const start = (p - 1) * fitPageSize;
  return { athletes: ranked.slice(start, start + fitPageSize), more: ranked.length > start + fitPageSize };
}
