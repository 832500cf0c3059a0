import { roleLabels } from "@/lib/teams/labels";
import { isUrgent, shortDay } from "@/lib/teams/urgency";

type SeoTeam = {
  name: string;
  description: string;
  location: string | null;
  status: "open" | "full" | "closed";
  urgent_role: "swimmer" | "cyclist" | "runner" | null;
  urgent_by: string | null;
  /** The required legs no active member races (public.team_open_legs), swim, bike, run order. */
  open_legs: readonly ("swimmer" | "cyclist" | "runner")[];
  active_count: number;
  max_members: number;
};

const noun = { swimmer: "a swimmer", cyclist: "a cyclist", runner: "a runner" } as const;

/** The legs the team still needs (its open legs), labelled: "Swimmer, Runner". */
export function missingLegs(team: Pick<SeoTeam, "open_legs">): string[] {
  return team.open_legs.map((l) => roleLabels[l]);
}

/**
 * A shared team link's title (docs/product.md#public-team-pages): "Peregian Pace Setters needs a runner by 28 Nov" while the urgent
 * need stands, else the legs it still needs (its open legs), or that it is full.
 */
export function teamHeadline(team: SeoTeam, now: Date = new Date()): string {
  if (team.urgent_role && team.urgent_by && isUrgent(team, now))
    return `${team.name} needs ${noun[team.urgent_role]} by ${shortDay(team.urgent_by)}`;
  if (team.status !== "open") return `${team.name}: relay team (full)`;
  const missing = team.open_legs.map((l) => noun[l]);
  // Open with room but every leg raced: not advertised as needing anyone.
  if (missing.length === 0) return `${team.name}: relay team, every leg covered`;
  const last = missing.pop()!;
  return `${team.name} needs ${missing.length ? `${missing.join(", ")} or ${last}` : last}`;
}

/** The description under it: place, members, legs, then the team's own words, kept short. */
export function teamSummary(team: SeoTeam): string {
  const place = team.location ?? "Noosa";
  const missing = missingLegs(team);
  const head = `Relay team in ${place} · ${team.active_count}/${team.max_members} members${
    team.status !== "open" ? "" : missing.length ? ` · needs: ${missing.join(", ")}` : " · every leg covered"
  }.`;
  const text = `${head} ${team.description}`.replace(/\s+/g, " ").trim();
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
}
