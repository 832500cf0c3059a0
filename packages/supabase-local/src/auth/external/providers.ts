import { externalProviderNames, type AuthConfig } from "../../config.ts";
import type { AuthContext } from "../context.ts";

/**
 * The enabled sign-in providers as Auth will reach them: the configured issuer, or, when none is set, a
 * local OpenID Provider started here to play it (local-op.ts, imported only then).
 */
export async function startExternalProviders(
  config: AuthConfig["external"],
  apiUrl: string,
): Promise<{ providers: AuthContext["external"]; close(): Promise<void> }> {
  const providers: AuthContext["external"] = {};
  const closers: (() => Promise<void>)[] = [];
  await Promise.all(
    externalProviderNames.map(async (name) => {
      const p = config[name];
      if (!p.enabled) return;
      if (p.url) {
        providers[name] = {
          issuer: p.url,
          clientId: p.client_id,
          secret: p.secret,
          skipNonceCheck: p.skip_nonce_check,
        };
        return;
      }
      const { startLocalProvider } = await import("./local-op.ts");
      const op = await startLocalProvider(name, `${apiUrl}/auth/v1/callback`, {
        id: p.client_id,
        secret: p.secret,
      });
      closers.push(op.close);
      providers[name] = {
        issuer: op.issuer,
        clientId: op.clientId,
        secret: op.secret,
        skipNonceCheck: p.skip_nonce_check,
      };
    }),
  );
  return { providers, close: async () => void (await Promise.all(closers.map((c) => c()))) };
}
