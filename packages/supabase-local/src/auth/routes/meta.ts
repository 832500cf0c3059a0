import type { Request } from "../context.ts";
import { jwks } from "../jwt.ts";

/** GET /settings: what the project allows, as GoTrue reports it. */
export async function settings(r: Request) {
  const c = r.ctx.config;
  return {
    status: 200,
    body: {
      external: {
        email: true,
        phone: false,
        anonymous_users: false,
        google: !!r.ctx.external.google,
        apple: !!r.ctx.external.apple,
      },
      disable_signup: !c.enable_signup,
      mailer_autoconfirm: !c.enable_confirmations,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
    },
  };
}

export async function health() {
  return {
    status: 200,
    body: { version: "local", name: "GoTrue", description: "Local stand-in for Supabase Auth" },
  };
}

/** GET /.well-known/jwks.json: the public ES256 key, so getClaims() verifies tokens without a request. */
export async function jwksRoute() {
  return { status: 200, body: jwks(), headers: { "Cache-Control": "public, max-age=600" } };
}
