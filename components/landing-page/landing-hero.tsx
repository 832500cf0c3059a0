import { LinkButton } from "@/components/ui/button";
import type { LandingPage } from "@/lib/content/landing-pages";
import { event } from "@/lib/site";

const { swimKm, bikeKm, runKm } = event.distances;

/** The page's title: one slim band, so the live teams below it are on a phone's first screen. */
export function LandingTitle({ page }: { page: LandingPage }) {
  return (
    <header className="from-ocean-950 via-ocean-900 to-ocean-800 bg-gradient-to-br text-white">
      <div className="mx-auto max-w-6xl px-4 py-5 sm:px-6 sm:py-10">
        <p className="text-sunset-400 text-xs font-semibold tracking-wide uppercase sm:text-sm">
          {page.eyebrow}
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance sm:text-4xl">{page.h1}</h1>
      </div>
    </header>
  );
}

/** The page's own introduction, after the live teams: its paragraphs, the legs and sign-up. */
export function LandingIntro({ page }: { page: LandingPage }) {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-10 sm:px-6">
      {page.intro.map((paragraph) => (
        <p key={paragraph} className="mt-4 text-lg leading-relaxed text-slate-800 first:mt-0">
          {paragraph}
        </p>
      ))}
      <ul aria-label="Relay legs" className="text-ocean-900 mt-6 flex flex-wrap gap-2 text-sm">
        <li className="border-ocean-200 rounded-full border px-3 py-1">Swim {swimKm} km</li>
        <li className="border-ocean-200 rounded-full border px-3 py-1">Bike {bikeKm} km</li>
        <li className="border-ocean-200 rounded-full border px-3 py-1">Run {runKm} km</li>
      </ul>
      <LinkButton href="/auth" variant="secondary" className="mt-6">
        Create your free profile
      </LinkButton>
    </div>
  );
}
