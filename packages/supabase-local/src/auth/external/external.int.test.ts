import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import {
  adminClient,
  CookieJar,
  createConfirmedUser,
  mailsTo,
  plainClient,
  serverClient,
  stackEnv,
  uniqueEmail,
} from "../../test-support/clients.ts";
import { OAuthBrowser, type Stop } from "../../test-support/oauth-browser.ts";

/**
 * Sign-in with Google and Apple through the stand-in's Auth and a real OpenID Provider (oidc-provider)
 * playing them, driven as a browser would: the official client starts the flow (PKCE), the provider's
 * page is answered, and the app's callback exchanges the code with @supabase/ssr.
 */
const db = postgres(stackEnv().adminDbUrl, { max: 1, onnotice: () => {} });
afterAll(() => db.end());

// An address on this machine the allow-list accepts; nothing listens there: the walk stops before it.
const app = "http://127.0.0.1:9";
const next = "/teams/c0000000-0000-4000-8000-000000000003/join?as=runner";
const redirectTo = `${app}/auth/callback?next=${encodeURIComponent(next)}`;

type Person = { email: string; name?: string; verified?: boolean } | { sub: string };

async function begin(provider: "google" | "apple", jar = new CookieJar()) {
  const { data, error } = await serverClient(jar).auth.signInWithOAuth({
    provider,
    options: { redirectTo, skipBrowserRedirect: true },
  });
  expect(error).toBeNull();
  const browser = new OAuthBrowser(app);
  const page = await browser.walk(data.url!);
  expect(page.kind).toBe("page");
  return { jar, browser, page: page as Extract<Stop, { kind: "page" }> };
}

function chooseForm(person: Person): Record<string, string> {
  if ("sub" in person) return { sub: person.sub };
  return {
    email: person.email,
    name: person.name ?? "",
    ...(person.verified === false ? {} : { email_verified: "true" }),
  };
}

/** The provider's sign-in page answered with `person`; where the browser ends up. */
async function signIn(provider: "google" | "apple", person: Person, jar?: CookieJar, appleUser?: string) {
  const flow = await begin(provider, jar);
  const uid = /\/interaction\/([\w-]+)/.exec(flow.page.url)![1]!;
  const origin = new URL(flow.page.url).origin;
  let stop = await flow.browser.walk(`${origin}/interaction/${uid}/login`, chooseForm(person));
  if (stop.kind === "form") {
    // Apple answers with a form that posts itself to the callback (response_mode=form_post).
    const fields = appleUser ? { ...stop.fields, user: appleUser } : stop.fields;
    stop = await flow.browser.walk(stop.action, fields);
  }
  expect(stop.kind).toBe("app");
  return { ...flow, landed: (stop as Extract<Stop, { kind: "app" }>).url };
}

async function exchange(jar: CookieJar, landed: URL) {
  const code = landed.searchParams.get("code");
  expect(code, landed.toString()).toBeTruthy();
  return serverClient(jar).auth.exchangeCodeForSession(code!);
}

const identities = (userId: string) =>
  db<{ provider: string; provider_id: string; identity_data: Record<string, unknown> }[]>`
    select provider, provider_id, identity_data from auth.identities where user_id = ${userId} order by provider`;

describe("Continue with Google (PKCE)", () => {
  it("a new athlete: redirect_to with ?code= (next kept), one exchange, a confirmed user with a google identity", async () => {
    const email = uniqueEmail("grace");
    const { jar, landed } = await signIn("google", { email, name: "Grace Hopper" });
    expect(landed.pathname).toBe("/auth/callback");
    expect(landed.searchParams.get("next")).toBe(next);
    const { data, error } = await exchange(jar, landed);
    expect(error).toBeNull();
    const user = data.user!;
    expect(user.email).toBe(email);
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toMatchObject({ provider: "google", providers: ["google"] });
    expect(user.user_metadata).toMatchObject({
      full_name: "Grace Hopper",
      name: "Grace Hopper",
      email,
      email_verified: true,
    });
    expect(String(user.user_metadata.avatar_url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/avatar\//);
    // The picture is one an app can import: a PNG, as Google serves, at the address the claims name.
    const picture = await fetch(String(user.user_metadata.picture));
    expect(picture.headers.get("content-type")).toBe("image/png");
    expect([...new Uint8Array(await picture.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const [identity, ...others] = await identities(user.id);
    expect(others).toHaveLength(0);
    expect(identity).toMatchObject({ provider: "google" });
    expect(identity!.identity_data).toMatchObject({
      sub: identity!.provider_id,
      provider_id: identity!.provider_id,
      email,
      email_verified: true,
      phone_verified: false,
    });
    const claims = (await serverClient(jar).auth.getClaims()).data?.claims;
    expect(claims?.amr).toEqual([expect.objectContaining({ method: "oauth" })]);
    // Single use: the same code again is refused.
    const again = await fetch(`${stackEnv().url}/auth/v1/token?grant_type=pkce`, {
      method: "POST",
      headers: { apikey: stackEnv().key, "content-type": "application/json" },
      body: JSON.stringify({ auth_code: landed.searchParams.get("code"), code_verifier: "x".repeat(64) }),
    });
    expect(again.status).toBe(404);
    expect((await again.json()).error_code).toBe("flow_state_not_found");
  });

  it("a returning athlete is the same user, with one identity, its data refreshed", async () => {
    const email = uniqueEmail("returning");
    const first = await signIn("google", { email, name: "Ret Urning" });
    const one = (await exchange(first.jar, first.landed)).data.user!;
    const second = await signIn("google", { email, name: "Ret Urning Again" });
    const two = (await exchange(second.jar, second.landed)).data.user!;
    expect(two.id).toBe(one.id);
    expect(await identities(two.id)).toHaveLength(1);
    expect(two.user_metadata.full_name).toBe("Ret Urning Again");
  });

  it("an athlete who signed up with a password: the verified Google address links to that account", async () => {
    const { email, password, id } = await createConfirmedUser(uniqueEmail("pw-first"));
    const { jar, landed } = await signIn("google", { email, name: "Pass Word" });
    const { data } = await exchange(jar, landed);
    expect(data.user!.id).toBe(id);
    expect((await identities(id)).map((i) => i.provider)).toEqual(["email", "google"]);
    expect(data.user!.app_metadata.providers).toEqual(["email", "google"]);
    expect(data.user!.app_metadata.provider).toBe("email");
    // The password still signs in.
    expect((await plainClient().auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it("an unconfirmed password sign-up loses its password when the owner arrives through Google", async () => {
    const email = uniqueEmail("squatter");
    const signUp = await plainClient().auth.signUp({ email, password: "squatter-pass-1" });
    expect(signUp.error).toBeNull();
    const squatter = signUp.data.user!.id;
    const { jar, landed } = await signIn("google", { email, name: "Real Owner" });
    const { data } = await exchange(jar, landed);
    expect(data.user!.id).toBe(squatter);
    expect((await identities(squatter)).map((i) => i.provider)).toEqual(["google"]);
    const [row] =
      await db`select encrypted_password, email_confirmed_at, raw_user_meta_data from auth.users where id = ${squatter}`;
    expect(row!.encrypted_password).toBeNull();
    expect(row!.email_confirmed_at).toBeTruthy();
    expect(
      (await plainClient().auth.signInWithPassword({ email, password: "squatter-pass-1" })).error?.code,
    ).toBe("invalid_credentials");
  });

  it("an address Google has not verified never joins an existing account", async () => {
    const { email, id } = await createConfirmedUser(uniqueEmail("victim"));
    const { landed } = await signIn("google", { email, name: "Not Verified", verified: false });
    expect(Object.fromEntries(landed.searchParams)).toMatchObject({
      error: "access_denied",
      error_code: "provider_email_needs_verification",
      error_description: "Unverified email with google. Verify the email with google in order to sign in",
      next,
    });
    expect(new URLSearchParams(landed.hash.slice(1)).get("error_code")).toBe(
      "provider_email_needs_verification",
    );
    expect(landed.searchParams.get("code")).toBeNull();
    expect((await identities(id)).map((i) => i.provider)).toEqual(["email"]);
    // GoTrue keeps the new user it made, without an address (someone else has it), unconfirmed.
    const [made] =
      await db`select u.email, u.email_confirmed_at from auth.identities i join auth.users u on u.id = i.user_id
      where i.provider = 'google' and i.identity_data ->> 'email' = ${email}`;
    expect(made).toEqual({ email: null, email_confirmed_at: null });
  });

  it("an unverified new address gets a confirmation e-mail instead of a session", async () => {
    const email = uniqueEmail("unverified");
    const { landed } = await signIn("google", { email, verified: false });
    expect(landed.searchParams.get("error_description")).toBe(
      "Unverified email with google. A confirmation email has been sent to your google email",
    );
    expect(landed.searchParams.get("code")).toBeNull();
    expect((await mailsTo(email)).length).toBe(1);
    const [user] = await db`select email_confirmed_at from auth.users where email = ${email}`;
    expect(user!.email_confirmed_at).toBeNull();
  });

  it("consent refused at the provider: back to redirect_to with access_denied and no user", async () => {
    const email = uniqueEmail("refuses");
    const flow = await begin("google");
    const uid = /\/interaction\/([\w-]+)/.exec(flow.page.url)![1]!;
    const stop = await flow.browser.walk(`${new URL(flow.page.url).origin}/interaction/${uid}/abort`, {
      email,
    });
    expect(stop.kind).toBe("app");
    const landed = (stop as Extract<Stop, { kind: "app" }>).url;
    expect(landed.searchParams.get("error")).toBe("access_denied");
    expect(landed.searchParams.get("error_description")).toBe("End-User aborted interaction");
    expect(landed.searchParams.get("error_code")).toBeNull();
    expect(landed.searchParams.get("next")).toBe(next);
    expect(await db`select 1 from auth.users where email = ${email}`).toHaveLength(0);
  });

  it("a state Auth did not sign: back to the site URL with bad_oauth_state, nothing exchanged", async () => {
    const flow = await begin("google");
    const uid = /\/interaction\/([\w-]+)/.exec(flow.page.url)![1]!;
    const email = uniqueEmail("badstate");
    // Stop at the provider's redirect to the callback, and change the state on the way.
    let res = await flow.browser.request(
      `${new URL(flow.page.url).origin}/interaction/${uid}/login`,
      chooseForm({ email }),
    );
    while (!res.headers.get("location")!.includes("/auth/v1/callback")) {
      res = await flow.browser.request(new URL(res.headers.get("location")!, flow.page.url).toString());
    }
    const callback = new URL(res.headers.get("location")!);
    const state = callback.searchParams.get("state")!;
    callback.searchParams.set("state", `${state.slice(0, -4)}AAAA`);
    const answer = await fetch(callback, { redirect: "manual" });
    expect(answer.status).toBe(303);
    const to = new URL(answer.headers.get("location")!);
    expect(to.origin + to.pathname).toBe("http://127.0.0.1:3000/");
    expect(Object.fromEntries(to.searchParams)).toEqual({
      error: "invalid_request",
      error_code: "bad_oauth_state",
      error_description: "OAuth callback with invalid state",
    });
    expect(await db`select 1 from auth.users where email = ${email}`).toHaveLength(0);
    // No state at all.
    const none = await fetch(`${stackEnv().url}/auth/v1/callback?code=x`, { redirect: "manual" });
    expect(new URL(none.headers.get("location")!).searchParams.get("error_code")).toBe("bad_oauth_callback");
  });

  it("a code issued for another sign-in (its id_token's nonce) is refused: no user, no code", async () => {
    // The victim's sign-in, started: its state carries the nonce sent to the provider.
    const started = await serverClient(new CookieJar()).auth.signInWithOAuth({
      provider: "google",
      options: { redirectTo, skipBrowserRedirect: true },
    });
    const toProvider = await fetch(started.data.url!, { redirect: "manual" });
    const victimState = new URL(toProvider.headers.get("location")!).searchParams.get("state")!;
    // The attacker's own finished sign-in, stopped before its callback.
    const attacker = await begin("google");
    const uid = /\/interaction\/([\w-]+)/.exec(attacker.page.url)![1]!;
    const email = uniqueEmail("injected");
    let res = await attacker.browser.request(
      `${new URL(attacker.page.url).origin}/interaction/${uid}/login`,
      chooseForm({ email }),
    );
    while (!res.headers.get("location")!.includes("/auth/v1/callback")) {
      res = await attacker.browser.request(
        new URL(res.headers.get("location")!, attacker.page.url).toString(),
      );
    }
    const attackerCallback = new URL(res.headers.get("location")!);
    // Injected into the victim's flow: the victim's state, the attacker's code.
    const injected = new URL(attackerCallback);
    injected.searchParams.set("state", victimState);
    const answer = await fetch(injected, { redirect: "manual" });
    const to = new URL(answer.headers.get("location")!);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      error: "server_error",
      error_code: "unexpected_failure",
      error_description: "Error getting user profile from external provider",
    });
    expect(to.searchParams.get("code")).toBeNull();
    expect(await db`select 1 from auth.users where email = ${email}`).toHaveLength(0);
  });

  it("PKCE: a verifier that is not the one the flow began with is refused, and the code stays unused", async () => {
    const email = uniqueEmail("pkce");
    const { jar, landed } = await signIn("google", { email });
    const stranger = new CookieJar();
    for (const [k, v] of jar.cookies)
      stranger.cookies.set(k, k.endsWith("-code-verifier") ? JSON.stringify("x".repeat(64)) : v);
    const wrong = await serverClient(stranger).auth.exchangeCodeForSession(landed.searchParams.get("code")!);
    expect(wrong.error?.code).toBe("bad_code_verifier");
    expect((await exchange(jar, landed)).data.user?.email).toBe(email);
  });

  it("unknown or missing PKCE pieces and providers are refused as GoTrue refuses them", async () => {
    const url = stackEnv().url;
    const unknown = await fetch(`${url}/auth/v1/authorize?provider=github`, { redirect: "manual" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error_code: "validation_failed",
      msg: "Unsupported provider: Provider github could not be found",
    });
    const half = await fetch(`${url}/auth/v1/authorize?provider=google&code_challenge=${"a".repeat(43)}`, {
      redirect: "manual",
    });
    expect(await half.json()).toMatchObject({
      msg: "PKCE flow requires code_challenge_method and code_challenge",
    });
    const settings = await (
      await fetch(`${url}/auth/v1/settings`, { headers: { apikey: stackEnv().key } })
    ).json();
    expect(settings.external).toMatchObject({ google: true, apple: true, email: true });
  });
});

describe("Continue with Apple", () => {
  it("posts back as a form; the address is trusted, the name comes from the first-time `user` field", async () => {
    const email = uniqueEmail("apple");
    const appleUser = JSON.stringify({ name: { firstName: "Ann", lastName: "Apple" }, email });
    const { jar, landed } = await signIn("apple", { email }, undefined, appleUser);
    const { data, error } = await exchange(jar, landed);
    expect(error).toBeNull();
    expect(data.user!.app_metadata).toMatchObject({ provider: "apple", providers: ["apple"] });
    expect(data.user!.user_metadata).toMatchObject({ full_name: "Ann Apple", email, email_verified: true });
    expect(data.user!.email_confirmed_at).toBeTruthy();
  });

  it("the same person through Google and Apple is one account (both addresses verified)", async () => {
    const email = uniqueEmail("both");
    const g = await signIn("google", { email, name: "Both Ways" });
    const first = (await exchange(g.jar, g.landed)).data.user!;
    const a = await signIn("apple", { email });
    const second = (await exchange(a.jar, a.landed)).data.user!;
    expect(second.id).toBe(first.id);
    expect((await identities(first.id)).map((i) => i.provider)).toEqual(["apple", "google"]);
  });
});

describe("implicit flow", () => {
  it("without a code challenge the session comes back in the fragment, with the provider's token", async () => {
    const email = uniqueEmail("implicit");
    const browser = new OAuthBrowser(app);
    const start = `${stackEnv().url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(redirectTo)}`;
    const page = await browser.walk(start);
    const uid = /\/interaction\/([\w-]+)/.exec((page as Extract<Stop, { kind: "page" }>).url)![1]!;
    const stop = await browser.walk(
      `${new URL((page as Extract<Stop, { kind: "page" }>).url).origin}/interaction/${uid}/login`,
      chooseForm({ email }),
    );
    const landed = (stop as Extract<Stop, { kind: "app" }>).url;
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(fragment.get("token_type")).toBe("bearer");
    expect(fragment.get("provider_token")).toBeTruthy();
    const { data } = await adminClient().auth.getUser(fragment.get("access_token")!);
    expect(data.user?.email).toBe(email);
  });
});
