import { formatCount } from "@/lib/format/count";

/**
 * The two sections' switch at the top of /browse: each half jumps to its section (plain anchors, no
 * script) and says how many it holds, so a phone user sees at once that athletes are listed too.
 */
export function SectionSwitch({ teams, athletes }: { teams: number; athletes: number }) {
  return (
    <nav aria-label="Sections" className="section-switch">
      <a href="#teams">
        Teams <span className="section-switch-count">{formatCount(teams)}</span>
      </a>
      <a href="#athletes">
        Athletes <span className="section-switch-count">{formatCount(athletes)}</span>
      </a>
    </nav>
  );
}
