import { photos, providerPictures } from "../site.ts";

/**
 * A sign-in provider's picture (docs/product.md#photos): where it is, and fetching it on the server with
 * the guards a URL from outside needs. Kept free of sharp and the session so it is tested on its own;
 * provider-picture-import.ts runs it through the upload's pipeline.
 */

export type PictureProvider = keyof typeof providerPictures.origins;
export type ProviderPicture = { provider: PictureProvider; label: string; url: string };

type Identity = { provider?: string; identity_data?: Record<string, unknown> | null };

/**
 * The picture of the athlete's first provider identity that has one. From the identities Auth recorded
 * (the provider's claims), never the user's metadata, which the athlete may write themselves.
 */
export function providerPictureOf(identities: readonly Identity[] | null | undefined): ProviderPicture | null {
  for (const identity of identities ?? []) {
    const provider = identity.provider;
    if (!provider || !Object.hasOwn(providerPictures.origins, provider)) continue;
    const data = identity.identity_data ?? {};
    const raw = data.picture ?? data.avatar_url;
    if (typeof raw !== "string" || !raw) continue;
    const name = provider as PictureProvider;
    return { provider: name, label: providerPictures.label[name], url: largerGooglePicture(raw) };
  }
  return null;
}

/**
 * Google names the size in the address (`…=s96-c`, 96 px, under the smallest size we store); ask for the
 * large size instead. Other addresses are left as they are.
 */
export function largerGooglePicture(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.hostname.endsWith(".googleusercontent.com")) return url;
    return url.replace(/=s\d+(-c)?$/, `=s${photos.sizes.large}-c`);
  } catch {
    return url;
  }
}

/**
 * The origins a provider's picture may come from: the configured ones, and outside production the local
 * stand-in's providers (it names them in LOCAL_PROVIDER_PICTURE_ORIGINS; hosted never sets it).
 */
export function allowedPictureOrigins(
  provider: PictureProvider,
  env: Record<string, string | undefined> = process.env,
): string[] {
  const local =
    env.VERCEL_ENV === "production"
      ? []
      : (env.LOCAL_PROVIDER_PICTURE_ORIGINS ?? "")
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean);
  return [...providerPictures.origins[provider], ...local];
}

export type PictureFetch =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; reason: "host" | "redirect" | "status" | "tooLarge" | "timeout" | "network" };

type Options = {
  origins: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  fetchImpl?: typeof fetch;
};

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Fetches a picture from an allowed origin only. Redirects are followed by hand, each to an allowed origin
 * (never another host, however it is reached); the whole fetch has one time limit and the body is read up
 * to the cap, then dropped. Cookies and credentials are never sent.
 */
export async function fetchProviderPicture(url: string, options: Options): Promise<PictureFetch> {
  const {
    origins,
    timeoutMs = providerPictures.timeoutMs,
    maxBytes = providerPictures.maxBytes,
    fetchImpl = fetch,
  } = options;
  const allowed = (u: string) => {
    const origin = originOf(u);
    return origin !== null && origins.includes(origin);
  };
  if (!allowed(url)) return { ok: false, reason: "host" };
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    let at = url;
    for (let hop = 0; ; hop++) {
      const response = await fetchImpl(at, { redirect: "manual", signal, credentials: "omit", cache: "no-store" });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get("location");
        const next = location ? new URL(location, at).toString() : null;
        if (!next || !allowed(next) || hop >= providerPictures.maxRedirects) return { ok: false, reason: "redirect" };
        at = next;
        continue;
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        return { ok: false, reason: "status" };
      }
      if (Number(response.headers.get("content-length") ?? 0) > maxBytes) {
        await response.body.cancel();
        return { ok: false, reason: "tooLarge" };
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          return { ok: false, reason: "tooLarge" };
        }
        chunks.push(value);
      }
      return { ok: true, bytes: new Uint8Array(Buffer.concat(chunks)) };
    }
  } catch {
    return { ok: false, reason: signal.aborted ? "timeout" : "network" };
  }
}
