import type { IncomingMessage, ServerResponse } from "node:http";
import { AuthError, parseJsonObject, readBody, sendAuthError, sendJson } from "../http.ts";
import type { AuthContext, Request } from "./context.ts";
import {
  adminCreateUser,
  adminDeleteUser,
  adminGetUser,
  adminListUsers,
  adminUpdateUser,
} from "./routes/admin.ts";
import { authorize, callback } from "./routes/external.ts";
import { logout } from "./routes/logout.ts";
import { health, jwksRoute, settings } from "./routes/meta.ts";
import { otp } from "./routes/otp.ts";
import { recover } from "./routes/recover.ts";
import { resend } from "./routes/resend.ts";
import { signup } from "./routes/signup.ts";
import { token } from "./routes/token.ts";
import { getUser, updateUser } from "./routes/user.ts";
import { verifyGet, verifyPost } from "./routes/verify.ts";

type Result = { status: number; body: unknown; headers?: Record<string, string> };
type Handler = (r: Request, param?: string) => Promise<Result>;

/** Paths under /auth/v1; `:id` matches one segment. */
const routes: Record<string, Partial<Record<string, Handler>>> = {
  "/signup": { POST: signup },
  "/token": { POST: token },
  "/authorize": { GET: authorize },
  "/callback": { GET: callback, POST: callback },
  "/otp": { POST: otp },
  "/magiclink": { POST: otp },
  "/recover": { POST: recover },
  "/resend": { POST: resend },
  "/verify": { POST: verifyPost, GET: verifyGet },
  "/user": { GET: getUser, PUT: updateUser },
  "/logout": { POST: logout },
  "/settings": { GET: settings },
  "/health": { GET: health },
  "/.well-known/jwks.json": { GET: jwksRoute },
  "/admin/users": { GET: adminListUsers, POST: adminCreateUser },
  "/admin/users/:id": { GET: adminGetUser, PUT: adminUpdateUser, DELETE: adminDeleteUser },
};

function match(path: string): { methods: Partial<Record<string, Handler>>; param?: string } | null {
  const exact = routes[path];
  if (exact) return { methods: exact };
  const m = /^(\/admin\/users)\/([^/]+)$/.exec(path);
  const withParam = m && routes[`${m[1]}/:id`];
  return withParam ? { methods: withParam, param: decodeURIComponent(m[2]!) } : null;
}

export async function handleAuth(
  ctx: AuthContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  try {
    const path = url.pathname.slice("/auth/v1".length).replace(/\/$/, "") || "/";
    const route = match(path);
    if (!route) throw new AuthError(404, "not_found", "Not found");
    const handler = route.methods[req.method ?? ""];
    if (!handler)
      throw new AuthError(405, "method_not_allowed", `Method ${req.method} not allowed on ${path}`);
    // Apple posts its callback as a form (response_mode=form_post): that route reads its own body.
    const ownBody = req.method === "GET" || req.method === "HEAD" || path === "/callback";
    const body = ownBody ? {} : parseJsonObject(await readBody(req));
    const result = await handler({ req, url, body, ctx }, route.param);
    if (result.status === 204 || result.body === null) {
      res.writeHead(result.status, result.headers ?? {}).end();
    } else sendJson(res, result.status, result.body, result.headers);
  } catch (error) {
    if (error instanceof AuthError) return sendAuthError(res, error);
    console.error("[local auth] unexpected error:", error);
    sendAuthError(
      res,
      new AuthError(
        500,
        "unexpected_failure",
        "Unexpected failure, please check server logs for more information",
      ),
    );
  }
}
