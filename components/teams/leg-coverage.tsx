import { legOf, roleLabels, roleOrder, type Role } from "@/lib/teams/labels";

/**
 * Which legs the active members cover and which are still needed (swim, bike, run). Colour is never the
 * only signal: each leg says "covered" or "needed" in words. The pill's shared classes sit once on the list
 * (`*:` applies them to each item): the list is on every team card, and /browse's HTML carries each class
 * twice (markup and server-component payload).
 */
export function LegCoverage({ covered, compact = false }: { covered: readonly string[]; compact?: boolean }) {
  return (
    <ul
      className="flex flex-wrap gap-2 *:inline-flex *:items-center *:gap-1.5 *:rounded-full *:border *:px-2.5 *:py-0.5 *:text-xs *:font-semibold"
      aria-label="Legs"
    >
      {roleOrder.map((role: Role) => {
        const has = covered.includes(role);
        return (
          <li
            key={role}
            className={
              has
                ? "border-green-300 bg-green-50 text-green-800"
                : "border-dashed border-slate-400 text-slate-700"
            }
            title={roleLabels[role]}
          >
            <span aria-hidden="true">{has ? "✓" : "○"}</span>
            {legOf[role]}
            <span className={compact ? "sr-only" : "font-normal"}>{has ? "covered" : "needed"}</span>
          </li>
        );
      })}
    </ul>
  );
}
