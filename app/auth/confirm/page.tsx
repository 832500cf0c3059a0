import type { Metadata } from "next";
import { Suspense } from "react";
import { pageMetadata } from "@/lib/seo/metadata";
import { ConfirmEmail, Verifying } from "./_components/confirm-email";

export const metadata: Metadata = pageMetadata({
  title: "Confirm your email",
  description: "Confirming the link from your email.",
  path: "/auth/confirm",
  noindex: true,
});

// Static shell: the token is read and verified in the browser, after the page has loaded.
export default function ConfirmPage() {
  return (
    <Suspense fallback={<Verifying />}>
      <ConfirmEmail />
    </Suspense>
  );
}
