import type { Metadata } from "next";
import Link from "next/link";
import { PageIntro } from "@/components/layout/page-intro";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { pageMetadata } from "@/lib/seo/metadata";
import { site } from "@/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "Account deleted",
  description: `Your ${site.name} account is deleted.`,
  path: "/account-deleted",
  noindex: true,
});

export const dynamic = "force-static";

/** Where Settings → Delete my account lands, signed out. */
export default function AccountDeletedPage() {
  return (
    <>
      <PageIntro eyebrow="Account" title="Your account is deleted" />
      <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
        <Card className="space-y-4">
          <p className="text-slate-700">
            Your profile, team memberships, messages you sent and your sign-in are gone, and you are signed
            out. If you created a team, it is closed and its members have been told.
          </p>
          <p className="text-slate-700">
            Thanks for racing with us. You&apos;re welcome back any time with a new account.
          </p>
          <Link href="/" className={buttonClasses("secondary")}>
            Back to the home page
          </Link>
        </Card>
      </div>
    </>
  );
}
