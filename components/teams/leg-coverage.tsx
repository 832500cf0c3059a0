import { legOf, roleLabels, roleOrder, type Role } from "@/lib/teams/labels";

/**
 * Which legs the active members cover and which are still needed (swim, bike, run). Colour is never the
 * only signal: each leg says "covered" or "needed" in words. The pills' classes are `.legs` and
 * `.leg-covered`/`.leg-needed` (app/globals.css): the list is on every team card, and /browse's HTML
 * carries each class twice (markup and server-component payload). The ✓ / ○ mark is the class's own
 * `::before`, with empty alternative text, so screen readers hear only "Swim covered".
 */
export function LegCoverage({ covered, compact = false }: { covered: readonly string[]; compact?: boolean }) {
  return (
    <ul className="legs" aria-label="Legs">
      {roleOrder.map((role: Role) => {
        const has = covered.includes(role);
        return (
          <li key={role} className={has ? "leg-covered" : "leg-needed"} title={roleLabels[role]}>
            {legOf[role]}
            <span className={compact ? "sr-only" : "font-normal"}>{has ? "covered" : "needed"}</span>
          </li>
        );
      })}
    </ul>
  );
}
