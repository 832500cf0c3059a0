import Link from "next/link";
import { getLandingPage, landingPath, type LandingPage } from "@/lib/content/landing-pages";

/** Internal links to sibling guides, so readers (and crawlers) can move between the twelve pages. */
export function RelatedLandingPages({ slugs }: { slugs: string[] }) {
  const pages = slugs.map(getLandingPage).filter((page): page is LandingPage => page !== undefined);
  if (pages.length === 0) return null;
  return (
    <nav aria-labelledby="related-guides" className="bg-ocean-50">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <h2 id="related-guides" className="text-ocean-950 text-xl font-bold">
          Related guides
        </h2>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2">
          {pages.map((page) => (
            <li key={page.slug}>
              <Link
                href={landingPath(page)}
                className="border-ocean-100 text-ocean-800 hover:border-ocean-500 block h-full rounded-xl border bg-white p-4 font-semibold underline-offset-4 hover:underline"
              >
                <span className="text-sunset-700 block text-xs font-semibold tracking-wide uppercase">
                  {page.eyebrow}
                </span>
                <span className="mt-1 block">{page.h1}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
