import Link from "next/link";
import { site } from "@/lib/site";

// One leg of the race per dot (swim, bike, run); each is highlighted for a third of the 7 s cycle, pure
// CSS (`.logo-leg`, `.logo-wave` in app/globals.css, which also hold each dot's delay).
const legs = [
  { cx: 14, fill: "#1d84d1" },
  { cx: 24, fill: "#ea580c" },
  { cx: 34, fill: "#15803d" },
];

/** The brand mark linking home. The animation stops under prefers-reduced-motion. */
export function AnimatedLogo() {
  return (
    // Not prefetched: see the note in site-header.tsx.
    <Link href="/" prefetch={false} className="logo" aria-label={`${site.name} home`}>
      <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" className="shrink-0">
        <circle cx="24" cy="24" r="23" fill="#072a48" />
        <path className="logo-wave" d="M4 31q5-4 10 0t10 0 10 0 10 0v8H4z" fill="#1369ad" />
        {legs.map((leg) => (
          <circle key={leg.cx} className="logo-leg" cx={leg.cx} cy="19" r="4.5" fill={leg.fill} />
        ))}
      </svg>
      <span className="logo-name">
        Noosa <span className="text-sunset-700">Tri</span> Teams
      </span>
    </Link>
  );
}
