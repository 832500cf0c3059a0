"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ReactNode } from "react";
import { useForm, type FieldValues, type Path } from "react-hook-form";
import type { z } from "zod";
import type { ActionResult } from "@/lib/server-action/result";
import { DangerBox, SubmitButton, SuccessBox, TextField } from "./form-controls";

export type AuthField = {
  name: string;
  label: string;
  type: "email" | "password" | "text";
  autoComplete: string;
  hint?: string;
  inputMode?: "numeric";
  maxLength?: number;
};

type AuthFormProps = {
  id: string;
  schema: z.ZodType<FieldValues, FieldValues>;
  fields: AuthField[];
  submitLabel: string;
  busyLabel: string;
  action: (values: FieldValues) => Promise<ActionResult<{ message?: string }> | undefined>;
  /** Shown above the form, e.g. "Your password has been updated". */
  notice?: ReactNode;
  /** Runs after a successful result instead of showing its message (e.g. to navigate). */
  onSuccess?: (values: FieldValues) => Promise<void> | void;
  /** Starting values by field name (e.g. the address to correct after "wrong address?"). */
  initialValues?: Record<string, string>;
  /** Sends the cursor to the first field when the form appears (a screen that is only this form). */
  autoFocus?: boolean;
};

/**
 * One auth form: react-hook-form with the zod schema for instant field messages, the server action for
 * the truth. Field errors from the server are put back on their fields; anything else is a danger box.
 */
export function AuthForm({
  id,
  schema,
  fields,
  submitLabel,
  busyLabel,
  action,
  notice,
  onSuccess,
  initialValues,
  autoFocus,
}: AuthFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const defaultValues = Object.fromEntries(fields.map((f) => [f.name, initialValues?.[f.name] ?? ""]));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FieldValues>({ resolver: zodResolver(schema), defaultValues });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    setSuccess(null);
    const result = await action(values);
    // A redirect from the action navigates away and leaves nothing to show here.
    if (!result) return;
    if (result.ok) {
      if (onSuccess) await onSuccess(values);
      else if (result.message) setSuccess(result.message);
      return;
    }
    for (const [name, message] of Object.entries(result.fieldErrors ?? {})) {
      setError(name as Path<FieldValues>, { type: "server", message }, { shouldFocus: true });
    }
    if (result.error) setServerError(result.error);
  });

  // method="post": a submit before hydration (slow network) reloads the page instead of putting the fields,
  // a password among them, into the URL, the history and server logs.
  return (
    <form id={id} method="post" noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={isSubmitting}>
      {notice}
      {serverError ? <DangerBox>{serverError}</DangerBox> : null}
      {success ? <SuccessBox>{success}</SuccessBox> : null}
      {fields.map((field, index) => (
        <TextField
          key={field.name}
          id={`${id}-${field.name}`}
          label={field.label}
          type={field.type}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
          maxLength={field.maxLength}
          autoFocus={autoFocus && index === 0}
          hint={field.hint}
          error={errors[field.name]?.message as string | undefined}
          {...register(field.name)}
        />
      ))}
      <SubmitButton busy={isSubmitting} busyLabel={busyLabel}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
