import type { Metadata } from "next";
import { PageIntro } from "@/components/layout/page-intro";
import { Card } from "@/components/ui/card";
import { pageMetadata } from "@/lib/seo/metadata";
import { ConfirmInterestForm } from "./confirm-form";

export const metadata: Metadata = pageMetadata({
  title: "Confirm Register Interest",
  description: "Confirm your Register Interest details for Noosa Tri Teams.",
  path: "/register-interest/confirm",
  noindex: true,
});

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** The page behind the register-interest confirmation e-mail's link (double opt-in, docs/security.md#register-interest). */
export default async function ConfirmInterestPage({ searchParams }: Props) {
  const { token: raw } = await searchParams;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? "";
  return (
    <>
      <PageIntro eyebrow="Register Interest" title="Confirm your e-mail" />
      <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
        <Card>
          <ConfirmInterestForm token={token.slice(0, 200)} />
        </Card>
      </div>
    </>
  );
}
