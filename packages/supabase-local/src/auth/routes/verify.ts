import { AuthError } from "../../http.ts";
import { limitRequest, normaliseEmail, str, type AuthContext, type Request } from "../context.ts";
import { confirmEmailChange, singleConfirmationAccepted } from "../email-change.ts";
import { consumeToken, type ConsumedToken } from "../email-tokens.ts";
import { redirectTarget } from "../mail.ts";
import { issueSession, type AuthMethod } from "../sessions.ts";
import { tokenHash } from "../tokens.ts";

const isEmailChange = (token: ConsumedToken) => token.token_type.startsWith("email_change_token_");

/** Signs the user in once the token did its work (a changed address was moved by confirmEmailChange). */
function complete(ctx: AuthContext, token: ConsumedToken, verifyType: string) {
  const method: AuthMethod =
    verifyType === "recovery" ? "recovery" : isEmailChange(token) ? "email_change" : "otp";
  return issueSession(ctx, token.user_id, method, true);
}

/** POST /verify with {type, token_hash} or {email, token, type}: returns a session (no code exchange). */
export async function verifyPost(r: Request) {
  const { ctx, body } = r;
  limitRequest(r, "token_verifications");
  const type = str(body, "type") ?? "";
  const hash = str(body, "token_hash");
  const code = str(body, "token");
  let consumed: ConsumedToken;
  if (hash) consumed = await consumeToken(ctx, [hash], type);
  else if (code) {
    if (str(body, "phone")) throw new AuthError(400, "phone_provider_disabled", "Unsupported phone provider");
    const email = normaliseEmail(str(body, "email"));
    consumed = await consumeToken(ctx, [tokenHash(email, code), tokenHash(email, code, true)], type, email);
  } else throw new AuthError(400, "validation_failed", "Verify requires either a token or a token hash");
  if (isEmailChange(consumed) && !(await confirmEmailChange(ctx, consumed))) {
    return { status: 200, body: { msg: singleConfirmationAccepted, code: "200" } };
  }
  return { status: 200, body: await complete(ctx, consumed, type) };
}

function redirect(location: string) {
  return { status: 303, body: null, headers: { Location: location } };
}

/**
 * GET /verify?token=…&type=…&redirect_to=… — the link GoTrue itself mails. Public (no apikey). PKCE flows
 * go back with ?code= for exchangeCodeForSession; implicit ones with the session in the fragment.
 */
export async function verifyGet(r: Request) {
  const { ctx, url } = r;
  const type = url.searchParams.get("type") ?? "";
  const target = redirectTarget(ctx, url.searchParams.get("redirect_to")).replace(/\?$/, "");
  const join = (extra: string) => `${target}${target.includes("?") ? "&" : "?"}${extra}`;
  try {
    limitRequest(r, "token_verifications");
    const token = url.searchParams.get("token") ?? "";
    if (!token) throw new AuthError(403, "otp_expired", "Email link is invalid or has expired");
    const consumed = await consumeToken(ctx, [token], type);
    if (isEmailChange(consumed) && !(await confirmEmailChange(ctx, consumed))) {
      // GoTrue's prepRedirectURL: the message in the fragment, and in the query too for PKCE.
      const message = new URLSearchParams({ message: singleConfirmationAccepted });
      return redirect(`${consumed.flow_state_id ? join(message.toString()) : target}#${message}`);
    }
    if (consumed.flow_state_id) {
      const [flow] = await ctx.sql<{ auth_code: string }[]>`update auth.flow_state
        set auth_code_issued_at = now(), updated_at = now() where id = ${consumed.flow_state_id} returning auth_code`;
      if (flow) {
        await ctx.sql`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = ${consumed.user_id}`;
        return redirect(join(`code=${encodeURIComponent(flow.auth_code)}`));
      }
    }
    const s = await complete(ctx, consumed, type);
    const fragment = new URLSearchParams({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      token_type: "bearer",
      type,
    });
    return redirect(`${target}#${fragment}&sb=`);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const params = new URLSearchParams({
      error: error.status === 429 ? "too_many_requests" : "access_denied",
      error_code: error.code,
      error_description: error.message,
    });
    return redirect(`${join(params.toString())}#${params}&sb=`);
  }
}
