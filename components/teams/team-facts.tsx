import { dayLabels, levelLabels, listOf, roleLabels, timeLabels } from "@/lib/teams/labels";

type Facts = {
  requirements: { roles: readonly string[]; experience_levels: readonly string[] };
  training_schedule: { days: readonly string[]; times: readonly string[] };
};

/**
 * Looking for, Experience Level and Training Schedule (spec §2 team card). Term and value styles are set
 * once on the list, not on each of the rows of every card.
 */
export function TeamFacts({ team }: { team: Facts }) {
  const { days, times } = team.training_schedule;
  const schedule =
    days.length || times.length
      ? [listOf(days, dayLabels, ""), listOf(times, timeLabels, "")].filter(Boolean).join(" · ")
      : "To be arranged";
  const rows = [
    { label: "Looking for", value: listOf(team.requirements.roles, roleLabels) },
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
