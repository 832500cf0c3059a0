import type { Metadata } from "next";
import { LinkButton } from "@/components/ui/button";

// No `robots` here: Next already marks every not-found response `noindex` (spec §2), and a second tag
// ("noindex, follow") only contradicted it.
export const metadata: Metadata = {
  title: "Page not found",
};

/** Themed 404 (spec §2): shown for every unknown path, with status 404. */
export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6">
      <p className="text-ocean-800 text-8xl font-extrabold tracking-tight" aria-hidden="true">
        404
      </p>
      <h1 className="text-ocean-950 mt-4 text-2xl font-bold">
        <span className="sr-only">404: </span>We can&apos;t find that page. Try one of the options below.
      </h1>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <LinkButton href="/" size="lg">
          Go to Homepage
        </LinkButton>
        <LinkButton href="/register-interest" size="lg" variant="secondary">
          Register Interest
        </LinkButton>
      </div>
    </div>
  );
}
