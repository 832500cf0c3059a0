"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { DangerBox, SuccessBox, TextField } from "@/components/auth/form-controls";
import { updatePasswordSchema, type UpdatePasswordInput } from "@/lib/validation/auth";
import { updateAccountPasswordAction } from "../actions";

/** Password update (docs/product.md#auth): 2 s after success the person goes to the dashboard. */
const REDIRECT_DELAY_MS = 2000;

export function UpdatePasswordForm() {
  const router = useRouter();
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdatePasswordInput>({
    resolver: zodResolver(updatePasswordSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => router.push("/dashboard"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, router]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const result = await updateAccountPasswordAction(values);
      if (result.ok) return setDone(true);
      for (const [name, message] of Object.entries(result.fieldErrors ?? {})) {
        setError(name as keyof UpdatePasswordInput, { type: "server", message });
      }
      if (result.error) setServerError(result.error);
    } catch {
      setServerError("Failed to update password.");
    }
  });

  if (done) {
    return (
      <SuccessBox>
        <p className="text-base font-semibold">Password Updated!</p>
        <p className="mt-1">Your password has been successfully updated. Redirecting to dashboard...</p>
      </SuccessBox>
    );
  }

  // method="post": a submit before hydration (slow network) reloads the page instead of putting the fields,
  // a password among them, into the URL, the history and server logs.
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={isSubmitting}>
      {serverError ? <DangerBox>{serverError}</DangerBox> : null}
      <TextField
        id="new-password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errors.password?.message}
        {...register("password")}
      />
      <TextField
        id="confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <div className="flex flex-col gap-3 sm:flex-row-reverse">
        <button
          type="submit"
          disabled={isSubmitting}
          className="bg-sunset-600 flex-1 rounded-lg px-4 py-2.5 font-semibold text-white hover:bg-orange-800 disabled:cursor-wait disabled:opacity-80"
        >
          {isSubmitting ? "Updating..." : "Update Password"}
        </button>
        <Link
          href="/auth"
          className="hover:bg-ocean-800 flex-1 rounded-lg border border-slate-300 px-4 py-2.5 text-center font-semibold text-white"
        >
          Cancel
        </Link>
      </div>
    </form>
  );
}
