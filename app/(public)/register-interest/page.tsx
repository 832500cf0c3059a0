import type { Metadata } from "next";
import { PageIntro } from "@/components/layout/page-intro";
import { pageMetadata } from "@/lib/seo/metadata";
import { InterestForm } from "./interest-form";

export const metadata: Metadata = pageMetadata({
  title: "Register Interest",
  description:
    "Can't find a team today? Leave your name, e-mail and leg, and hear as soon as a Noosa relay team needs a swimmer, cyclist or runner like you.",
  path: "/register-interest",
});

// Static: the form posts to a server action; nothing here depends on the request.
export const dynamic = "force-static";

export default function RegisterInterestPage() {
  return (
    <>
      <PageIntro eyebrow="Register Interest" title="Hear when a team needs you">
        <p>
          No team for you today? Tell us your leg and we&apos;ll e-mail you when a relay team needs someone
          like you. We only use your details for that, and you can ask us to remove them at any time.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
        <InterestForm />
      </div>
    </>
  );
}
