import type { Metadata } from "next";
import Link from "next/link";
import { PageIntro } from "@/components/layout/page-intro";
import { LinkButton } from "@/components/ui/button";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({
  title: "Browse Teams and Athletes",
  description:
    "Open relay teams looking for members and athletes around Noosa looking for a team. Join a team or start one in minutes.",
  path: "/browse",
});

/**
 * The listing view (spec §2 "Listing view"). NOT YET CONNECTED: open teams and public athletes are loaded by
 * a later issue (lib/data reads under RLS). Until then there is no data source, so this page renders only the
 * spec's empty states — the same copy the real page shows when both lists are empty.
 */
export default function BrowsePage() {
  return (
    <>
      <PageIntro eyebrow="Browse" title="Find Teams and Athletes">
        <p>Join a relay team that needs your leg, or connect with athletes to build a new team.</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl space-y-12 px-4 py-12 sm:px-6">
        <div className="border-ocean-100 bg-ocean-50 rounded-2xl border p-6 text-center">
          <h2 className="text-ocean-950 text-xl font-bold">No listings yet</h2>
          <p className="mt-2 text-slate-700">Be the first: start a team or list yourself as an athlete.</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <LinkButton href="/auth">Create a Team</LinkButton>
            <LinkButton href="/auth" variant="secondary">
              Create Your Profile
            </LinkButton>
          </div>
        </div>

        <section aria-labelledby="teams-title">
          <h2 id="teams-title" className="text-ocean-950 text-2xl font-bold">
            Available Teams
          </h2>
          <p className="mt-1 text-slate-700">Join an existing team looking for members.</p>
          <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">
            No open teams right now. You can start one in minutes.{" "}
            <Link href="/auth" className="text-ocean-800 font-semibold underline underline-offset-2">
              Start a team
            </Link>
          </p>
        </section>

        <section aria-labelledby="athletes-title">
          <h2 id="athletes-title" className="text-ocean-950 text-2xl font-bold">
            Available Athletes
          </h2>
          <p className="mt-1 text-slate-700">Connect with individual athletes to form a new team.</p>
          <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">
            No athletes are publicly listed right now.{" "}
            <Link href="/auth" className="text-ocean-800 font-semibold underline underline-offset-2">
              List yourself
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}
