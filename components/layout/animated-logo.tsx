import Link from "next/link";
import { site } from "@/lib/site";

// One leg of the race per dot; each is highlighted for a third of the 7 s cycle (pure CSS, no JS).
const legs = [
  { cx: 14, fill: "#1d84d1", delay: "0s" },
  { cx: 24, fill: "#ea580c", delay: "-4.667s" },
  { cx: 34, fill: "#15803d", delay: "-2.333s" },
];

/** The brand mark linking home. The animation stops under prefers-reduced-motion. */
export function AnimatedLogo() {
  return (
    <Link href="/" className="flex shrink-0 items-center gap-2 rounded-lg" aria-label={`${site.name} home`}>
      <svg
        viewBox="0 0 48 48"
        width="40"
        height="40"
        aria-hidden="true"
        focusable="false"
        className="shrink-0"
      >
        <circle cx="24" cy="24" r="23" fill="#072a48" />
        <g className="animate-logo-wave motion-reduce:animate-none">
          <path d="M4 31 q5 -4 10 0 t10 0 t10 0 t10 0 v8 h-40 z" fill="#1369ad" />
        </g>
        {legs.map((leg) => (
          <circle
            key={leg.cx}
            cx={leg.cx}
            cy="19"
            r="4.5"
            fill={leg.fill}
            className="animate-logo-leg origin-center [transform-box:fill-box] motion-reduce:animate-none"
            style={{ animationDelay: leg.delay }}
          />
        ))}
      </svg>
      <span className="text-ocean-950 text-lg leading-tight font-extrabold tracking-tight">
        Noosa <span className="text-sunset-700">Tri</span> Teams
      </span>
    </Link>
  );
}
