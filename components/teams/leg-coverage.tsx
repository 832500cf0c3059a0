import { legOf, roleLabels, roleOrder, type Role } from "@/lib/teams/labels";

/**
 * Which legs the active members cover and which are still needed (swim, bike, run). "Needed" is an open
 * leg (public.team_open_legs); a leg the team neither races nor asks for reads "not needed". Colour is never the
 * only signal: each leg says "covered" or "needed" in words. The pills' classes are `.legs` and
 * `.leg-covered`/`.leg-needed` (app/globals.css): the list is on every team card, and /browse's HTML
 * carries each class twice (markup and server-component payload). The ✓ / ○ mark is the class's own
 * `::before`, with empty alternative text, so screen readers hear only "Swim covered".
 */
export function LegCoverage({
  covered,
  open,
  compact = false,
}: {
  covered: readonly string[];
  open: readonly string[];
  compact?: boolean;
}) {
  return (
    <ul className="legs" aria-label="Legs">
      {roleOrder.map((role: Role) => {
        const state = covered.includes(role) ? "covered" : open.includes(role) ? "needed" : "not needed";
        return (
          <li
            key={role}
            className={state === "not needed" ? "leg-free" : `leg-${state}`}
            title={roleLabels[role]}
          >
            {legOf[role]}
            <span className={compact ? "sr-only" : "font-normal"}>{state}</span>
          </li>
        );
      })}
    </ul>
  );
}
