import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/form-controls";
import { requireUser } from "@/lib/auth/session";
import { pageMetadata } from "@/lib/seo/metadata";
import { UpdatePasswordForm } from "./_components/update-password-form";

export const metadata: Metadata = pageMetadata({
  title: "Update Password",
  description: "Choose a new password for your account.",
  path: "/account/update-password",
  noindex: true,
});

export default async function UpdatePasswordPage() {
  // Standalone page (outside the protected group), but only a signed-in user has a password to change.
  await requireUser("/account/update-password");
  return (
    <AuthCard title="Update Password" intro="Enter your new password below.">
      <UpdatePasswordForm />
    </AuthCard>
  );
}
