"use client";

import { useState } from "react";
import { authErrorMessage } from "@/lib/auth/auth-errors";
import { site } from "@/lib/site";
import { createClient } from "@/lib/supabase/client";

type Provider = (typeof site.signInProviders)[number];

/**
 * "Continue with Google / Apple": Supabase Auth's OAuth with PKCE (the verifier stays in a cookie of this
 * browser), back to /auth/callback with `next`, so a remembered join or message survives the round trip
 * as it does through an e-mail link.
 */
export function ProviderButtons({ next }: { next: string }) {
  const [busy, setBusy] = useState<Provider["id"] | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function start(provider: Provider) {
    setBusy(provider.id);
    setError(null);
    const redirectTo = `${window.location.origin}/auth/callback?next=${encodeURIComponent(next)}`;
    const { error: failed } = await createClient().auth.signInWithOAuth({
      provider: provider.id,
      options: { redirectTo },
    });
    // On success the browser is already leaving for the provider.
    if (failed) {
      setBusy(null);
      setError(authErrorMessage(failed, "sign_in"));
    }
  }

  return (
    <div className="space-y-3">
      {site.signInProviders.map((provider) => (
        <button
          key={provider.id}
          type="button"
          onClick={() => void start(provider)}
          disabled={busy !== null}
          aria-busy={busy === provider.id}
          className="focus-visible:ring-sunset-400 flex min-h-11 w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:ring-2 focus-visible:outline-none disabled:opacity-70"
        >
          <ProviderMark id={provider.id} />
          {busy === provider.id ? `Opening ${provider.label}...` : `Continue with ${provider.label}`}
        </button>
      ))}
      {error ? (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
      <p className="flex items-center gap-3 pt-1 text-sm text-slate-300">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-500" />
        or with your email
        <span aria-hidden="true" className="h-px flex-1 bg-slate-500" />
      </p>
    </div>
  );
}

function ProviderMark({ id }: { id: Provider["id"] }) {
  if (id === "apple") {
    return (
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
        <path d="M16.4 12.6c0-2.5 2-3.7 2.1-3.8-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 .9-3.8.9s-2-.9-3.3-.9c-1.7 0-3.3 1-4.2 2.5-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.5 1.3-.1 1.8-.8 3.3-.8s2 .8 3.3.8c1.4 0 2.3-1.2 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.8-4zM13.9 5.2c.7-.9 1.2-2.1 1-3.2-1 0-2.3.7-3 1.5-.7.8-1.3 2-1.1 3.1 1.2.1 2.3-.6 3.1-1.4z" />
      </svg>
    );
  }
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5c-.3 1.5-1.1 2.7-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9H1.4v3.1C3.4 21.4 7.4 24 12 24z"
      />
      <path
        fill="#FBBC05"
        d="M5.4 14.4c-.2-.7-.4-1.5-.4-2.4s.1-1.6.4-2.4V6.5h-4C.5 8.2 0 10 0 12s.5 3.8 1.4 5.5l4-3.1z"
      />
      <path
        fill="#EA4335"
        d="M12 4.8c1.7 0 3.3.6 4.5 1.8l3.4-3.4C17.9 1.2 15.2 0 12 0 7.4 0 3.4 2.6 1.4 6.5l4 3.1c.9-2.8 3.5-4.8 6.6-4.8z"
      />
    </svg>
  );
}
