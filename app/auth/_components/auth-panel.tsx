"use client";

import { useRouter } from "next/navigation";
import type { FieldValues } from "react-hook-form";
import { AuthForm, type AuthField } from "@/components/auth/auth-form";
import { SuccessBox } from "@/components/auth/form-controls";
import { authViewHref, type AuthView } from "@/lib/auth/auth-views";
import { createClient } from "@/lib/supabase/client";
import { emailOnlySchema, signInSchema, updatePasswordSchema, verifyOtpSchema } from "@/lib/validation/auth";
import {
  magicLinkAction,
  resetPasswordAction,
  signInAction,
  updatePasswordAction,
  verifyOtpAction,
} from "../actions";
import { ViewLinks } from "./view-links";

const emailField: AuthField = { name: "email", label: "Email address", type: "email", autoComplete: "email" };

type AuthPanelProps = { view: AuthView; next: string; passwordUpdated: boolean };

export function AuthPanel({ view, next, passwordUpdated }: AuthPanelProps) {
  const router = useRouter();
  const href = (target: AuthView) => authViewHref(target, next);
  switch (view) {
    case "magic_link":
      return (
        <>
          <AuthForm
            id="magic-link"
            schema={emailOnlySchema}
            fields={[emailField]}
            submitLabel="Send magic link"
            busyLabel="Sending magic link..."
            action={(values: FieldValues) => magicLinkAction(values, next)}
          />
          <ViewLinks
            links={[
              [href("verify_otp"), "Have a 6-digit code? Enter it"],
              [href("sign_in"), "Sign in with a password"],
            ]}
          />
        </>
      );
    case "forgotten_password":
      return (
        <>
          <AuthForm
            id="forgotten-password"
            schema={emailOnlySchema}
            fields={[emailField]}
            submitLabel="Send reset password instructions"
            busyLabel="Sending reset instructions..."
            action={(values: FieldValues) => resetPasswordAction(values)}
          />
          <ViewLinks links={[[href("sign_in"), "Remembered it? Sign in"]]} />
        </>
      );
    case "verify_otp":
      return (
        <>
          <AuthForm
            id="verify-otp"
            schema={verifyOtpSchema}
            fields={[
              emailField,
              {
                name: "token",
                label: "6-digit code",
                type: "text",
                autoComplete: "one-time-code",
                inputMode: "numeric",
                hint: "From the email we sent you.",
              },
            ]}
            submitLabel="Verify code"
            busyLabel="Verifying..."
            action={(values: FieldValues) => verifyOtpAction(values, next)}
          />
          <ViewLinks
            links={[
              [href("magic_link"), "Need a code? Send a magic link"],
              [href("sign_in"), "Back to sign in"],
            ]}
          />
        </>
      );
    case "update_password":
      return (
        <AuthForm
          id="update-password"
          schema={updatePasswordSchema}
          fields={[
            {
              name: "password",
              label: "New password",
              type: "password",
              autoComplete: "new-password",
              hint: "At least 6 characters.",
            },
            {
              name: "confirmPassword",
              label: "Confirm new password",
              type: "password",
              autoComplete: "new-password",
            },
          ]}
          submitLabel="Update password"
          busyLabel="Updating..."
          action={(values: FieldValues) => updatePasswordAction(values)}
          onSuccess={async () => {
            // Signing out in the browser also tells the top bar (onAuthStateChange) at once.
            const { error } = await createClient().auth.signOut({ scope: "local" });
            if (error) console.error("sign-out after password update failed", { code: error.code });
            router.replace("/auth?view=sign_in&updated=1");
            router.refresh();
          }}
        />
      );
    default:
      return (
        <>
          <AuthForm
            id="sign-in"
            schema={signInSchema}
            fields={[
              emailField,
              { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
            ]}
            submitLabel="Sign in"
            busyLabel="Signing in..."
            action={(values: FieldValues) => signInAction(values, next)}
            notice={passwordUpdated ? <SuccessBox>Your password has been updated</SuccessBox> : null}
          />
          <ViewLinks
            links={[
              [href("forgotten_password"), "Forgot your password?"],
              [href("magic_link"), "Email me a magic link"],
              [href("sign_up"), "Don't have an account? Sign up"],
            ]}
          />
        </>
      );
  }
}
