import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/form-controls";
import { authViewHref, authViewTitles, parseAuthView, type AuthView } from "@/lib/auth/auth-views";
import { safeNext } from "@/lib/auth/safe-next";
import { getClaims } from "@/lib/auth/session";
import { pageMetadata } from "@/lib/seo/metadata";
import { AuthPanel } from "./_components/auth-panel";

export const metadata: Metadata = pageMetadata({
  title: "Sign in or create an account",
  description:
    "Sign in to find triathlon training partners and relay teammates around Noosa, or create a free account.",
  path: "/auth",
});

// Views that make no sense for someone already signed in: they go where they were heading.
const signedOutViews: AuthView[] = ["sign_in", "sign_up", "magic_link", "verify_otp"];

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AuthPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const view = parseAuthView(params.view);
  const next = safeNext(params.next);
  const claims = await getClaims();
  if (claims && signedOutViews.includes(view)) redirect(next);

  return (
    <AuthCard title={authViewTitles[view]}>
      {view === "sign_in" || view === "sign_up" ? <Tabs current={view} next={next} /> : null}
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
