"use client";

import { useState, type ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { AuthForm } from "@/components/auth/auth-form";
import { AuthCard } from "@/components/auth/form-controls";
import { afterSignUp } from "@/lib/intent/paths";
import { signUpSchema } from "@/lib/validation/auth";
import { signUpAction } from "../actions";
import { CheckEmail } from "./check-email";
import { ViewLinks } from "./view-links";

type Stage = { name: "form"; email: string } | { name: "sent"; email: string; sentAt: number };

/**
 * The sign_up view: the form, then "Check your email" as a screen of its own (the address, the 6-digit
 * code, resend after Auth's minute, and "wrong address?" back to the form with the address to correct).
 * `note` names the team and leg being asked for; `tabs` switch to sign-in.
 */
export function SignUpCard({
  next,
  note,
  sentNote,
  tabs,
  providers,
  signInHref,
}: {
  next: string;
  note: ReactNode;
  /** The same, on "Check your email". */
  sentNote: ReactNode;
  tabs: ReactNode;
  /** "Continue with Google / Apple", above the e-mail form. */
  providers: ReactNode;
  signInHref: string;
}) {
  const [stage, setStage] = useState<Stage>({ name: "form", email: "" });

  if (stage.name === "sent") {
    return (
      <AuthCard title="Check your email">
        <CheckEmail
          email={stage.email}
          sentAt={stage.sentAt}
          next={afterSignUp(next)}
          signUpNext={next}
          note={sentNote}
          onWrongAddress={() => setStage({ name: "form", email: stage.email })}
          onResent={(sentAt) => setStage({ ...stage, sentAt })}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Create your account">
      {note}
      {tabs}
      <div className="mb-6">{providers}</div>
      <AuthForm
        // A new key when coming back from "wrong address?": the form starts again with that address.
        key={stage.email}
        id="sign-up"
        schema={signUpSchema}
        fields={[
          { name: "email", label: "Email address", type: "email", autoComplete: "email" },
          {
            name: "password",
            label: "Password",
            type: "password",
            autoComplete: "new-password",
            hint: "At least 6 characters.",
          },
        ]}
        initialValues={{ email: stage.email }}
        autoFocus={stage.email !== ""}
        submitLabel="Sign up"
        busyLabel="Signing up..."
        action={(values: FieldValues) => signUpAction(values, next)}
        onSuccess={(values) => setStage({ name: "sent", email: String(values.email), sentAt: Date.now() })}
      />
      <ViewLinks links={[[signInHref, "Already have an account? Sign in"]]} />
    </AuthCard>
  );
}
