import { dayLabels, levelLabels, listOf, roleLabels, timeLabels } from "@/lib/teams/labels";

type Facts = {
  status: "open" | "full" | "closed";
  /** The required legs no active member races (public.team_open_legs). */
  open_legs: readonly string[];
  requirements: { experience_levels: readonly string[] };
  training_schedule: { days: readonly string[]; times: readonly string[] };
};

/**
 * Looking for, Experience Level and Training Schedule (docs/product.md#teams). Term and value styles are set
 * once on the list, not on each of the rows of every card. "Looking for" is what the team still needs (its
 * open legs), never the requirements alone: a team whose legs are all raced, or that takes nobody, says so.
 */
export function TeamFacts({ team }: { team: Facts }) {
  const { days, times } = team.training_schedule;
  const schedule =
    days.length || times.length
      ? [listOf(days, dayLabels, ""), listOf(times, timeLabels, "")].filter(Boolean).join(" · ")
      : "To be arranged";
  const lookingFor =
    team.status !== "open"
      ? "Not taking new members"
      : team.open_legs.length
        ? listOf(team.open_legs, roleLabels)
        : "Nobody: every leg is covered";
  const rows = [
    { label: "Looking for", value: lookingFor },
    { label: "Experience Level", value: listOf(team.requirements.experience_levels, levelLabels) },
    { label: "Training Schedule", value: schedule },
  ];
  return (
    <dl className="facts space-y-2">
      {rows.map((r) => (
        <div key={r.label}>
          <dt>{r.label}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}
