"use client";

import type { ActionResult } from "@/lib/server-action/result";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { get, useForm, type FieldPath } from "react-hook-form";
import type { z } from "zod";
import { KeepEarlyInput } from "@/components/forms/keep-early-input";
import { Button, buttonClasses } from "@/components/ui/button";
import { showServerFieldErrors, submitAction } from "@/lib/forms/action-result";
import { prefilled } from "@/lib/forms/prefill";
import { toastError, toastSuccess } from "@/lib/toast";
import { teamCreateSchema, teamUpdateSchema, type TeamUpdateInput } from "@/lib/validation/team";
import { TeamInformation, TeamRequirements } from "./team-form-fields";

type Values = z.input<typeof teamUpdateSchema>;

const copy = {
  create: {
    submit: "Create Team",
    busy: "Creating Team...",
    success: "Team created successfully!",
    failure: "Failed to create team. Please try again.",
  },
  edit: {
    submit: "Save Changes",
    busy: "Saving Changes...",
    success: "Team updated successfully!",
    failure: "Failed to update team. Please try again.",
  },
} as const;

type TeamFormProps = {
  mode: "create" | "edit";
  defaultValues: Omit<Values, "status"> & { status?: Values["status"] };
  action: (input: unknown) => Promise<ActionResult<{ teamId: string }>>;
  /** Where Cancel and success lead on edit (the team page). */
  teamPath?: string;
};

/** The create and edit team form; the server action (and the SQL function behind it) decides. */
export function TeamForm({ mode, defaultValues, action, teamPath = "/teams" }: TeamFormProps) {
  const router = useRouter();
  const text = copy[mode];
  const [done, setDone] = useState(false);
  const form = useForm<Values, unknown, TeamUpdateInput>({
    resolver: zodResolver((mode === "edit" ? teamUpdateSchema : teamCreateSchema) as typeof teamUpdateSchema),
    mode: "onTouched",
    defaultValues: defaultValues as Values,
  });
  const { handleSubmit, setError, formState } = form;
  // Prefilled in the server HTML, and typing done before hydration kept (lib/forms/prefill.ts,
  // <KeepEarlyInput /> below): the same pattern as the profile form.
  const { field, checkbox } = prefilled<Values>(form.register, defaultValues);
  const reg = (name: FieldPath<Values>, options?: object, checkboxValue?: string) =>
    checkboxValue === undefined ? field(name, options) : checkbox(name, checkboxValue);
  const errorOf = (path: string) =>
    (get(formState.errors, path) as { message?: string } | undefined)?.message;
  const busy = formState.isSubmitting || done;

  const onSubmit = handleSubmit(async (values) => {
    const result = await submitAction(() => action(values), text.failure);
    if (!result.ok) {
      showServerFieldErrors(result.fieldErrors, setError);
      toastError(result.error ?? text.failure);
      return;
    }
    setDone(true);
    toastSuccess(text.success);
    // docs/product.md#teams: create goes to /teams, edit back to the team, one second after success.
    setTimeout(() => router.push(mode === "edit" ? teamPath : "/teams"), 1000);
  });

  // method="post": a submit before hydration reloads the page instead of putting the fields in the URL.
  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="space-y-6"
      aria-describedby="team-form-status"
    >
      <TeamInformation reg={reg as never} errorOf={errorOf} withStatus={mode === "edit"} />
      <TeamRequirements reg={reg as never} errorOf={errorOf} />
      <div id="team-form-status" role="alert" className="empty:hidden">
        {formState.errors.root?.server?.message ? (
          <p className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
            {formState.errors.root.server.message}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link href={mode === "edit" ? teamPath : "/teams"} className={buttonClasses("secondary", "lg")}>
          Cancel
        </Link>
        <Button type="submit" size="lg" disabled={busy} aria-disabled={busy}>
          {busy ? text.busy : text.submit}
        </Button>
      </div>
      <KeepEarlyInput />
    </form>
  );
}
