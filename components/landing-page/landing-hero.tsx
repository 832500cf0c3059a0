import { LinkButton } from "@/components/ui/button";
import type { LandingPage } from "@/lib/content/landing-pages";
import { event } from "@/lib/site";

const { swimKm, bikeKm, runKm } = event.distances;

export function LandingHero({ page }: { page: LandingPage }) {
  return (
    <header className="from-ocean-950 via-ocean-900 to-ocean-800 bg-gradient-to-br text-white">
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
        <p className="text-sunset-400 text-sm font-semibold tracking-wide uppercase">{page.eyebrow}</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-5xl">{page.h1}</h1>
        {page.intro.map((paragraph) => (
          <p key={paragraph} className="text-ocean-50 mt-5 text-lg leading-relaxed">
            {paragraph}
          </p>
        ))}
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          {/* Issue 20: first to the live teams that need someone (listed just below, and on /browse). */}
          <LinkButton href="/browse" size="lg">
            See teams that need you now
          </LinkButton>
          <LinkButton href="/auth" size="lg" variant="inverse">
            Create your free profile
          </LinkButton>
        </div>
        <ul aria-label="Relay legs" className="text-ocean-50 mt-8 flex flex-wrap gap-2 text-sm">
          <li className="rounded-full border border-white/30 px-3 py-1">Swim {swimKm} km</li>
          <li className="rounded-full border border-white/30 px-3 py-1">Bike {bikeKm} km</li>
          <li className="rounded-full border border-white/30 px-3 py-1">Run {runKm} km</li>
        </ul>
      </div>
    </header>
  );
}
