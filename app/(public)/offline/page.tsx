import type { Metadata } from "next";
import { buttonClasses } from "@/components/ui/button";
import { PageIntro } from "@/components/layout/page-intro";
import { pageMetadata } from "@/lib/seo/metadata";
import { site } from "@/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "You're offline",
  description: `${site.name} needs a connection to show teams and messages.`,
  path: "/offline",
  noindex: true,
});

/**
 * What the service worker (public/sw.js) shows for a page that cannot be reached without a connection. It
 * is the one page the worker keeps; it is shown at the address that was asked for, so "Try again" reloads
 * that address. Plain HTML: it must work with none of the page's scripts at hand.
 */
export default function OfflinePage() {
  return (
    <>
      <PageIntro width="narrow" eyebrow="No connection" title="You're offline">
        <p>{site.name} needs a connection to show teams, athletes and messages.</p>
      </PageIntro>
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-10 sm:px-6">
        <p className="text-slate-700">Check your signal or Wi-Fi, then try again.</p>
        {/* A plain link to this same address: it works without the page's scripts. */}
        <a href="" className={buttonClasses()}>
          Try again
        </a>
      </div>
    </>
  );
}
