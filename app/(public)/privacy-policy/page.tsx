import type { Metadata } from "next";
import Link from "next/link";
import { PageIntro } from "@/components/layout/page-intro";
import { Prose } from "@/components/ui/prose";
import { pageMetadata } from "@/lib/seo/metadata";
import { site } from "@/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "Privacy Policy",
  description: `How ${site.name} collects, uses and protects the personal information of athletes who use the site.`,
  path: "/privacy-policy",
});

export default function PrivacyPolicyPage() {
  return (
    <>
      <PageIntro width="narrow" eyebrow="Legal" title="Privacy Policy">
        <p>What we collect, why, and the choices you have. In short: your data is never sold.</p>
      </PageIntro>
      <Prose className="mx-auto px-4 py-12 sm:px-6">
        <h2>Who we are</h2>
        <p>
          {site.name} is a free community website that helps triathletes around Noosa, Queensland find
          training partners and relay teammates. We handle personal information in line with the Australian
          Privacy Principles in the Privacy Act 1988 (Cth).
        </p>
        <h2>What we collect</h2>
        <ul>
          <li>Account details: your e-mail address and a securely hashed password.</li>
          <li>
            Your athlete profile: username, full name, location, specialty, experience level, training
            preferences, goals, target times, availability and achievements — only what you choose to enter.
          </li>
          <li>Messages you send to other athletes, and the teams you create or ask to join.</li>
          <li>Anonymous page-view statistics that do not identify you and use no advertising cookies.</li>
        </ul>
        <h2>How we use it</h2>
        <p>
          We use your information only to run the service: to show your profile to other athletes when you
          make it public, to list your team, to deliver your messages and to send account e-mails such as
          sign-up confirmations and password resets.
        </p>
        <h2>Our promises</h2>
        <ul>
          <li>Your data is never sold, rented or traded.</li>
          <li>No spam: we only e-mail you about your account.</li>
          <li>
            Private profiles never appear in listings, and only the two people in a conversation can read it.
          </li>
        </ul>
        <h2>Your choices</h2>
        <p>
          You can edit your profile and switch it between public and private at any time. In{" "}
          <Link href="/settings">Settings</Link> you can download a copy of your data (your profile, teams,
          memberships, conversations and messages, as a JSON file) and delete your account yourself, at once,
          with no need to e-mail us. Deleting removes your profile, your team memberships, the messages you
          sent and your sign-in; a team you created is closed and its members are told. The people you wrote
          to keep their own messages and see &ldquo;Deleted athlete&rdquo; in place of your name.
        </p>
        <p>
          If you registered interest without an account, your details are kept only once you confirm them from
          the e-mail we send; unconfirmed details are deleted after 48 hours. E-mail us to have confirmed
          details removed; we respond within 30 days.
        </p>
        <h2>Security and storage</h2>
        <p>
          Data is stored with our hosting and database providers, protected by access controls so that each
          person can only reach what they are allowed to see, and sent over encrypted connections.
        </p>
        <h2>Contact</h2>
        <p>
          Questions or requests about your privacy:{" "}
          <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>, {site.addressLine}.
        </p>
      </Prose>
    </>
  );
}
