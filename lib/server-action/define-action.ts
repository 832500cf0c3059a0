import "server-only";
import { redirect, unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { getClaims } from "@/lib/auth/session";
import { withRls, type Claims, type Tx } from "@/lib/db";
import { isDbUnavailable } from "@/lib/db/unavailable";
import { fieldErrorsOf, type ActionFailure } from "./result";
import { errorSummary, sqlFailure, type ActionTexts, type SqlErrorRule } from "./sql-errors";

/** One argument of an action: its schema, and what a caller sending something else is told. */
export type Arg<S extends z.ZodType = z.ZodType> = {
  /** A schema, or one made per call (a date rule that reads today). */
  schema: S | (() => S);
  /** The failure's text; by default the first issue's message, or none when `fields` says it all. */
  error?: string | ((error: z.ZodError) => string | undefined);
  /** Answer the messages per field (a form's input), as `fieldErrors`. */
  fields?: boolean;
};

type Output<A> = A extends Arg<infer S> ? z.output<S> : never;
export type Inputs<A extends readonly Arg[]> = { -readonly [K in keyof A]: Output<A[K]> };
/** What callers pass: anything (a request can carry anything), one value per argument. */
type Raw<A extends readonly Arg[]> = { -readonly [K in keyof A]?: unknown };

export type ActionContext<Session extends "user" | "none"> = {
  /** The verified claims of the signed-in user (none for a public action). */
  claims: Session extends "user" ? Claims : null;
  /** Runs `fn` in one transaction as this user (a visitor for a public action), under RLS. */
  db: <R>(fn: (tx: Tx) => Promise<R>) => Promise<R>;
};

export type ActionOptions<A extends readonly Arg[], X extends object, Session extends "user" | "none"> = {
  /** Names the action in the logs ("team.create"). */
  name: string;
  /** What an unexpected failure answers (it is logged, without personal data). */
  fallback: string;
  args: A;
  /** "user" (the default): a visitor is answered UNAUTHENTICATED. "none": a public action. */
  session?: Session;
  /** A visitor is sent here (to sign in) instead of being answered. */
  signInRedirect?: string;
  /** This action's own reading of database errors, before the shared one (sql-errors.ts). */
  errors?: readonly SqlErrorRule[];
  texts?: ActionTexts;
  /** What every failure also carries back (the values a form sent). */
  echo?: (...raw: Raw<A>) => X;
  /** Runs after a success: the pages and caches it changed are revalidated. */
  onSuccess?: () => void;
};

const notSignedIn = "Not authenticated";

/**
 * Defines a server action: reads the session, parses each argument with its schema, runs the handler and
 * turns every expected failure into an ActionResult failure. The handler gets the parsed inputs and `db`,
 * which runs a transaction as the user under RLS. Database errors are read by SQLSTATE, detail and hint
 * (sql-errors.ts), never by their wording; anything unexpected is logged and answered with `fallback`.
 * A redirect() in the handler still redirects.
 */
export function action<
  const A extends readonly Arg[],
  R extends { ok: true } | ActionFailure,
  X extends object = object,
  Session extends "user" | "none" = "user",
>(
  options: ActionOptions<A, X, Session>,
  handler: (ctx: ActionContext<Session>, ...inputs: Inputs<A>) => Promise<R>,
): (...raw: Raw<A>) => Promise<Extract<R, { ok: true }> | (ActionFailure & X)> {
  const { name, fallback, texts = {} } = options;
  return async (...raw) => {
    const fail = (failure: Omit<ActionFailure, "ok"> | ActionFailure): ActionFailure & X =>
      ({ ok: false, ...failure, ...options.echo?.(...raw) }) as ActionFailure & X;

    const claims = options.session === "none" ? null : await getClaims();
    if (options.session !== "none" && !claims) {
      if (options.signInRedirect) redirect(options.signInRedirect);
      return fail({ error: texts.UNAUTHENTICATED ?? notSignedIn, code: "UNAUTHENTICATED" });
    }

    const inputs: unknown[] = [];
    for (const [i, arg] of options.args.entries()) {
      const schema = typeof arg.schema === "function" ? arg.schema() : arg.schema;
      const parsed = schema.safeParse(raw[i]);
      if (parsed.success) {
        inputs.push(parsed.data);
        continue;
      }
      const error =
        typeof arg.error === "function"
          ? arg.error(parsed.error)
          : (arg.error ?? (arg.fields ? undefined : (parsed.error.issues[0]?.message ?? fallback)));
      return fail({
        ...(error === undefined ? {} : { error }),
        ...(arg.fields ? { fieldErrors: fieldErrorsOf(parsed.error) } : {}),
      });
    }

    const ctx = { claims, db: (fn) => withRls(claims, fn) } as ActionContext<Session>;
    try {
      const result = await handler(ctx, ...(inputs as Inputs<A>));
      if (!result.ok) return fail(result);
      options.onSuccess?.();
      return result as Extract<R, { ok: true }>;
    } catch (error) {
      // redirect() and notFound() work by throwing; they are not failures.
      unstable_rethrow(error);
      const known = sqlFailure(error, options.errors, texts);
      if (known) return fail(known);
      console.error(`${name} failed`, { action: name, userId: claims?.sub, ...errorSummary(error) });
      if (isDbUnavailable(error)) return fail({ error: texts.UNAVAILABLE ?? fallback, code: "UNAVAILABLE" });
      return fail({ error: fallback });
    }
  };
}

/**
 * A form action (useActionState's `(previous, form)`): `read` takes the fields out of the form, then it is
 * `action` with one argument. Works before the page's script has run.
 */
export function formAction<
  S extends z.ZodType,
  R extends { ok: true } | ActionFailure,
  X extends object = object,
  Session extends "user" | "none" = "user",
>(
  options: Omit<ActionOptions<[Arg<S>], X, Session>, "args" | "echo"> & {
    read: (form: FormData) => unknown;
    input: Arg<S>;
    echo?: (values: unknown) => X;
  },
  handler: (ctx: ActionContext<Session>, input: z.output<S>) => Promise<R>,
): (previous: unknown, form: FormData) => Promise<Extract<R, { ok: true }> | (ActionFailure & X)> {
  const { read, input, echo, ...rest } = options;
  const run = action<[Arg<S>], R, X, Session>(
    { ...rest, args: [input], ...(echo ? { echo: (values) => echo(values) } : {}) },
    handler,
  );
  return (_previous, form) => run(read(form));
}
