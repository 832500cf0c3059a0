import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/form-controls";
import { ProviderButtons } from "@/components/auth/provider-buttons";
import { providerErrorText } from "@/lib/auth/auth-errors";
import { suspendedSignInMessage } from "@/lib/moderation/suspension";
import { JoinIntentNote } from "@/components/auth/join-intent-note";
import { authViewHref, authViewTitles, parseAuthView, type AuthView } from "@/lib/auth/auth-views";
import { safeNext } from "@/lib/auth/safe-next";
import { getLiveClaims } from "@/lib/auth/session";
import { joinContext } from "@/lib/intent/join-context";
import { pageMetadata } from "@/lib/seo/metadata";
import { AuthPanel } from "./_components/auth-panel";
import { SignUpCard } from "./_components/sign-up-card";

export const metadata: Metadata = pageMetadata({
  title: "Sign in or create an account",
  description:
    "Sign in to find triathlon training partners and relay teammates around Noosa, or create a free account.",
  path: "/auth",
});

// Views that make no sense for someone already signed in: they go where they were heading.
const signedOutViews: AuthView[] = ["sign_in", "sign_up", "magic_link", "verify_otp"];

// How each of those views starts the sentence naming the team and leg being asked for.
const askLeads: Partial<Record<AuthView, string>> = {
  sign_in: "Sign in",
  sign_up: "Create your account",
  magic_link: "Get a sign-in link",
  verify_otp: "Enter your code",
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AuthPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const view = parseAuthView(params.view);
  const next = safeNext(params.next);
  // A session that ended is signed out here, or a page that sends it to sign in would be sent back.
  const claims = await getLiveClaims();
  if (claims && signedOutViews.includes(view)) redirect(next);
  const lead = askLeads[view];
  const context = lead ? await joinContext(next) : null;
  const note = context && lead ? <JoinIntentNote context={context} lead={lead} /> : null;
  // Back from "Continue with …" without a session (app/auth/callback): say why, in our words.
  const providerError = typeof params.provider_error === "string" ? params.provider_error : null;
  const providerProblem =
    providerError === "suspended" ? suspendedSignInMessage : providerErrorText(providerError);
  const providers = (
    <>
      {providerProblem ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-950 p-3 text-sm text-red-100">
          {providerProblem}
        </p>
      ) : null}
      <ProviderButtons next={next} />
    </>
  );

  if (view === "sign_up") {
    return (
      <SignUpCard
        next={next}
        note={note}
        sentNote={
          context ? <JoinIntentNote context={context} lead="Then confirm your address" title={null} /> : null
        }
        tabs={<Tabs current="sign_up" next={next} />}
        providers={providers}
        signInHref={authViewHref("sign_in", next)}
      />
    );
  }
  return (
    <AuthCard title={authViewTitles[view]}>
      {note}
      {view === "sign_in" ? <Tabs current={view} next={next} /> : null}
      {view === "sign_in" ? <div className="mb-6">{providers}</div> : null}
      {view === "update_password" && !claims ? (
        <div className="space-y-4 text-sm text-slate-200">
          <p>
            To choose a new password, open the link in your password reset email first. Links expire after an
            hour.
          </p>
          <Link
            className="text-sunset-400 font-medium underline-offset-2 hover:underline"
            href={authViewHref("forgotten_password")}
          >
            Send me a new reset link
          </Link>
        </div>
      ) : (
        <AuthPanel key={view} view={view} next={next} passwordUpdated={params.updated === "1"} />
      )}
    </AuthCard>
  );
}

function Tabs({ current, next }: { current: "sign_in" | "sign_up"; next: string }) {
  const tab = (view: "sign_in" | "sign_up", label: string) => (
    <Link
      href={authViewHref(view, next)}
      aria-current={current === view ? "page" : undefined}
      className={`flex-1 rounded-md px-3 py-2 text-center text-sm font-semibold ${
        current === view ? "bg-ocean-700 text-white" : "hover:bg-ocean-800 text-slate-200"
      }`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Sign in or sign up" className="bg-ocean-950 mb-6 flex gap-1 rounded-lg p-1">
      {tab("sign_in", "Sign in")}
      {tab("sign_up", "Sign up")}
    </nav>
  );
}
