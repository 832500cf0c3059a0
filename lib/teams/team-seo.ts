import { roleLabels } from "@/lib/teams/labels";
import { isUrgent, shortDay } from "@/lib/teams/urgency";

type SeoTeam = {
  name: string;
  description: string;
  location: string | null;
  status: "open" | "full" | "closed";
  urgent_role: "swimmer" | "cyclist" | "runner" | null;
  urgent_by: string | null;
  covered_roles: readonly string[];
  active_count: number;
  max_members: number;
};

const noun = { swimmer: "a swimmer", cyclist: "a cyclist", runner: "a runner" } as const;
const legs = ["swimmer", "cyclist", "runner"] as const;

/** The legs no active member covers, labelled: "Swimmer, Runner". */
export function missingLegs(team: Pick<SeoTeam, "covered_roles">): string[] {
  return legs.filter((l) => !team.covered_roles.includes(l)).map((l) => roleLabels[l]);
}

/**
 * A shared team link's title (issue 20): "Peregian Pace Setters needs a runner by 28 Nov" while the urgent
 * need stands, else what the team needs, or that it is full.
 */
export function teamHeadline(team: SeoTeam, now: Date = new Date()): string {
  if (team.urgent_role && team.urgent_by && isUrgent(team, now))
    return `${team.name} needs ${noun[team.urgent_role]} by ${shortDay(team.urgent_by)}`;
  if (team.status !== "open") return `${team.name}: relay team (full)`;
  const missing = legs.filter((l) => !team.covered_roles.includes(l)).map((l) => noun[l]);
  if (missing.length === 0) return `${team.name}: relay team looking for members`;
  const last = missing.pop()!;
  return `${team.name} needs ${missing.length ? `${missing.join(", ")} or ${last}` : last}`;
}

/** The description under it: place, members, legs, then the team's own words, kept short. */
export function teamSummary(team: SeoTeam): string {
  const place = team.location ?? "Noosa";
  const missing = missingLegs(team);
  const head = `Relay team in ${place} · ${team.active_count}/${team.max_members} members${
    missing.length ? ` · needs: ${missing.join(", ")}` : ""
  }.`;
  const text = `${head} ${team.description}`.replace(/\s+/g, " ").trim();
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
}
