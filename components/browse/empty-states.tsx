import Link from "next/link";
import { LinkButton } from "@/components/ui/button";

const box = "mt-6 rounded-xl border border-dashed border-slate-300 p-6 text-slate-700";
const link = "text-ocean-800 font-semibold underline underline-offset-2";

/** Both lists empty (docs/product.md#browse): the banner with both calls to action. */
export function NoListingsBanner() {
  return (
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
  );
}

export function NoTeams() {
  return (
    <p className={box}>
      No open teams right now. You can start one in minutes.{" "}
      <Link href="/auth" className={link}>
        Start a team
      </Link>
    </p>
  );
}

export function NoAthletes() {
  return (
    <p className={box}>
      No athletes are publicly listed right now.{" "}
      <Link href="/auth" className={link}>
        List yourself
      </Link>
    </p>
  );
}

/** A filtered list with no match: say so, and offer the way back. */
export function NoMatch({ what }: { what: string }) {
  return (
    <p className={box}>
      No {what} match these filters.{" "}
      <Link href="/browse" className={link}>
        Clear filters
      </Link>
    </p>
  );
}

/** A page after the last one (an old or edited link): where the list ends, and the way to its last page. */
export function PastLastPage({ what, pages, href }: { what: string; pages: number; href: string }) {
  return (
    <p className={box}>
      This page is past the end of the {what}: there {pages === 1 ? "is 1 page" : `are ${pages} pages`}.{" "}
      <Link href={href} className={link}>
        Go to the last page
      </Link>
    </p>
  );
}
