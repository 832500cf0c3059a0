import type { Metadata } from "next";
import Link from "next/link";
import { PageIntro } from "@/components/layout/page-intro";
import { Prose } from "@/components/ui/prose";
import { pageMetadata } from "@/lib/seo/metadata";
import { event, site } from "@/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "Terms of Service",
  description: `The terms for using ${site.name}: a free matching service for triathletes, governed by the laws of Queensland, Australia.`,
  path: "/terms-of-service",
});

export default function TermsOfServicePage() {
  return (
    <>
      <PageIntro width="narrow" eyebrow="Legal" title="Terms of Service">
        <p>The rules for using {site.name}, written to be read.</p>
      </PageIntro>
      <Prose className="mx-auto px-4 py-12 sm:px-6">
        <h2>The service</h2>
        <p>
          {site.name} is a free service that helps athletes find training partners and relay teammates. We do
          not sell, transfer or guarantee race entries. Event registration is separate and paid to the{" "}
          {event.name} organisers, and {site.name} is not affiliated with them.
        </p>
        <h2>Your account</h2>
        <ul>
          <li>Give accurate information and keep your password to yourself.</li>
          <li>One team per person may be created; manage it rather than opening duplicates.</li>
          <li>You are responsible for what you post in your profile, team listings and messages.</li>
        </ul>
        <h2>Respect other athletes</h2>
        <p>
          No harassment, spam, impersonation or commercial advertising. We may remove content or close
          accounts that break these rules.
        </p>
        <h2>Training and racing safely</h2>
        <p>
          Meeting people you found online is your decision: meet in public places, check ocean and weather
          conditions, and train within your ability. You take part in training and racing at your own risk.
        </p>
        <h2>Our promises</h2>
        <ul>
          <li>Your data is never sold.</li>
          <li>No spam.</li>
          <li>
            Your data is handled as described in our <Link href="/privacy-policy">Privacy Policy</Link>.
          </li>
        </ul>
        <h2>Liability</h2>
        <p>
          The service is provided as is. To the extent the law allows, we are not liable for arrangements made
          between athletes. Nothing in these terms limits your rights under the Australian Consumer Law.
        </p>
        <h2>Governing law</h2>
        <p>
          These terms are governed by the laws of Queensland, Australia, and disputes are subject to the
          courts of Queensland.
        </p>
        <h2>Contact</h2>
        <p>
          Questions about these terms: <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>.
        </p>
      </Prose>
    </>
  );
}
