import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync } from "node:zlib";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { type Adapter, type AdapterPayload, type Configuration } from "oidc-provider";
import type { ExternalProviderName } from "../../config.ts";
import { readBody } from "../../http.ts";

/**
 * A local OpenID Provider playing Google or Apple: `oidc-provider` (panva/node-oidc-provider, OpenID
 * Certified), so the stand-in's Auth speaks to a real provider — discovery, JWKS, signed id_tokens, nonce,
 * code exchange with client authentication — and nothing about the flow is mocked. Its sign-in page lists
 * demo accounts, takes any other address (verified or not, for trying the linking rules), and can be
 * cancelled, which sends the person back with `error=access_denied` as a provider does on refused consent.
 */

export type LocalAccount = {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  is_private_email?: boolean;
};

export type LocalProvider = {
  issuer: string;
  clientId: string;
  secret: string;
  close(): Promise<void>;
};

const label = { google: "Google", apple: "Apple" } satisfies Record<ExternalProviderName, string>;

/** Demo people. Sam and Mia are on both; Mia has a password account in the demo seed (linking). */
const demoAccounts: Record<ExternalProviderName, LocalAccount[]> = {
  google: [
    {
      sub: "108020000000000000001",
      email: "sam.taylor@example.com",
      email_verified: true,
      name: "Sam Taylor",
      given_name: "Sam",
      family_name: "Taylor",
    },
    {
      sub: "108020000000000000002",
      email: "mia@example.com",
      email_verified: true,
      name: "Mia Lawson",
      given_name: "Mia",
      family_name: "Lawson",
    },
    {
      sub: "108020000000000000003",
      email: "riley.unverified@example.com",
      email_verified: false,
      name: "Riley Unverified",
      given_name: "Riley",
      family_name: "Unverified",
    },
  ],
  apple: [
    {
      sub: "001020.5a3c0e1f2d4b4c6e8a9b0c1d2e3f4a5b.0101",
      email: "sam.taylor@example.com",
      email_verified: true,
    },
    {
      sub: "001020.9f8e7d6c5b4a49382716a5b4c3d2e1f0.0102",
      email: "k7q2xw9p4m@privaterelay.appleid.com",
      email_verified: true,
      is_private_email: true,
    },
  ],
};

/** The provider's sessions, codes and grants, in memory: a restart signs everyone out of it, as intended. */
function memoryAdapter() {
  const store = new Map<string, { payload: AdapterPayload; expires: number }>();
  const live = (key: string) => {
    const hit = store.get(key);
    if (hit && hit.expires < Date.now()) store.delete(key);
    return store.get(key);
  };
  return class MemoryAdapter implements Adapter {
    name: string;
    constructor(name: string) {
      this.name = name;
    }
    private key(id: string) {
      return `${this.name}:${id}`;
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      store.set(this.key(id), { payload, expires: Date.now() + expiresIn * 1000 });
      if (payload.uid)
        store.set(`uid:${payload.uid}`, { payload: { jti: id }, expires: Date.now() + expiresIn * 1000 });
    }
    async find(id: string) {
      return live(this.key(id))?.payload;
    }
    async findByUid(uid: string) {
      const ref = live(`uid:${uid}`)?.payload.jti;
      return ref ? this.find(ref) : undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const hit = live(this.key(id));
      if (hit) hit.payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, value] of store) if (value.payload.grantId === grantId) store.delete(key);
    }
  };
}

/** A stable subject for an address typed on the sign-in page, so the same address is the same person. */
function subjectFor(provider: ExternalProviderName, email: string): string {
  const digest = createHash("sha256").update(`${provider}:${email}`).digest();
  if (provider === "google")
    return `1${BigInt(`0x${digest.toString("hex").slice(0, 16)}`)
      .toString()
      .padStart(20, "0")
      .slice(0, 20)}`;
  return `001020.${digest.toString("hex").slice(0, 32)}.0199`;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join("") || "?"
  );
}

/** CRC-32 of a PNG chunk (node 20 has no zlib.crc32). */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * The provider's profile picture of an account, as Google serves one: a PNG (not SVG, which no provider
 * sends and an app would rightly refuse), 256 px, a head and shoulders on a colour picked from the subject,
 * so two accounts' pictures differ.
 */
function avatarPng(sub: string): Buffer {
  const side = 256;
  const hue = createHash("sha256").update(sub).digest();
  const bg = [hue[0]! % 160, hue[1]! % 160, 120 + (hue[2]! % 120)];
  const rows: Buffer[] = [];
  for (let y = 0; y < side; y++) {
    const row = Buffer.alloc(1 + side * 3);
    for (let x = 0; x < side; x++) {
      const head = (x - 128) ** 2 + (y - 100) ** 2 < 48 ** 2;
      const body = y > 160 && (x - 128) ** 2 / 90 ** 2 + (y - 250) ** 2 / 80 ** 2 < 1;
      const [r, g, b] = head || body ? [250, 250, 250] : bg;
      row.writeUInt8(r!, 1 + x * 3);
      row.writeUInt8(g!, 2 + x * 3);
      row.writeUInt8(b!, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat(rows))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>
body{font-family:system-ui,Arial,sans-serif;margin:0;background:#f1f3f4;color:#202124}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem;box-sizing:border-box}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{font-size:1.4rem;margin:.2rem 0 .4rem}p{line-height:1.4}
.note{font-size:.85rem;color:#3c4043}
button{font:inherit;cursor:pointer}
.account{display:flex;align-items:center;gap:.75rem;width:100%;text-align:left;background:#fff;border:1px solid #747775;border-radius:8px;padding:.6rem .75rem;margin:.4rem 0;color:#202124;min-height:44px}
.account:hover,.account:focus-visible{background:#e8f0fe}
.badge{display:inline-block;width:2.25rem;height:2.25rem;border-radius:50%;background:#1a73e8;color:#fff;text-align:center;line-height:2.25rem;flex:none}
.email{display:block;font-size:.85rem;color:#3c4043;word-break:break-all}
fieldset{border:1px solid #747775;border-radius:8px;margin:1rem 0;padding:.75rem}
label{display:block;margin:.4rem 0 .2rem}
input[type=email],input[type=text]{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #5f6368;border-radius:6px}
.primary{background:#0b57d0;color:#fff;border:0;border-radius:20px;padding:.6rem 1.2rem;min-height:44px}
.secondary{background:#fff;color:#0b57d0;border:1px solid #747775;border-radius:20px;padding:.6rem 1.2rem;min-height:44px}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
</style></head><body><main>${body}</main></body></html>`;
}

function signInPage(
  provider: ExternalProviderName,
  uid: string,
  client: string,
  accounts: LocalAccount[],
): string {
  const who = label[provider];
  const buttons = accounts
    .map(
      (a) =>
        `<li><form method="post" action="/interaction/${uid}/login"><input type="hidden" name="sub" value="${escape(a.sub)}"><button class="account" type="submit"><span class="badge" aria-hidden="true">${escape(initials(a.name ?? a.email))}</span><span>${escape(a.name ?? "Hidden name")}<span class="email">${escape(a.email)}${a.email_verified ? "" : " (e-mail not verified)"}</span></span></button></form></li>`,
    )
    .join("");
  return page(
    `Sign in with ${who} (local)`,
    `<div class="card"><p class="note">Local ${who} stand-in: no real ${who} account is used.</p>
<h1>Choose an account</h1><p>to continue to ${escape(client)}. ${who} will share your name, e-mail address and profile picture with it.</p>
<ul style="list-style:none;padding:0;margin:0">${buttons}</ul>
<form method="post" action="/interaction/${uid}/login"><fieldset><legend>Use another account</legend>
<label for="email">E-mail address</label><input id="email" name="email" type="email" required autocomplete="email">
<label for="name">Name</label><input id="name" name="name" type="text" autocomplete="name">
<label style="display:flex;gap:.5rem;align-items:center"><input name="email_verified" type="checkbox" value="true" checked> ${who} has verified this address</label>
<p><button class="primary" type="submit">Continue</button></p></fieldset></form>
<form method="post" action="/interaction/${uid}/abort"><button class="secondary" type="submit">Cancel</button></form></div>`,
  );
}

/**
 * Starts the provider on 127.0.0.1 (a free port) with one confidential client whose only redirect URI is
 * the stand-in's /auth/v1/callback. Google authenticates clients with HTTP Basic, Apple in the form body
 * and answers with a form POST (response_mode=form_post); both are set up that way here.
 */
export async function startLocalProvider(
  name: ExternalProviderName,
  callbackUrl: string,
  client: { id?: string; secret?: string } = {},
): Promise<LocalProvider> {
  const clientId = client.id || `local-${name}-client`;
  const secret = client.secret || randomBytes(24).toString("base64url");
  const accounts = new Map(demoAccounts[name].map((a) => [a.sub, a]));
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const picture = (a: LocalAccount) =>
    a.name ? `${issuer}/avatar/${encodeURIComponent(a.sub)}.png` : undefined;

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const configuration: Configuration = {
    adapter: memoryAdapter(),
    jwks: {
      keys: [
        { ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: randomBytes(8).toString("hex") },
      ],
    },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
    clients: [
      {
        client_id: clientId,
        client_secret: secret,
        client_name: new URL(callbackUrl).host,
        redirect_uris: [callbackUrl],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: name === "apple" ? "client_secret_post" : "client_secret_basic",
      },
    ],
    claims:
      name === "apple"
        ? { openid: ["sub"], email: ["email", "email_verified", "is_private_email"], name: [] }
        : {
            openid: ["sub"],
            email: ["email", "email_verified"],
            profile: ["name", "given_name", "family_name", "picture"],
          },
    // As Google and Apple, the id_token carries the profile itself, not only the userinfo endpoint.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          // Apple writes these as strings; Google as booleans.
          email_verified: name === "apple" ? String(account.email_verified) : account.email_verified,
          ...(account.is_private_email ? { is_private_email: "true" } : {}),
          ...(account.name
            ? {
                name: account.name,
                given_name: account.given_name,
                family_name: account.family_name,
                picture: picture(account),
              }
            : {}),
        }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = "html";
      ctx.body = page(
        "Sign-in error",
        `<div class="card"><h1>Sign-in error</h1><p>${escape(String(out.error))}: ${escape(String(out.error_description ?? ""))}</p></div>`,
      );
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string, action: string) => {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error("interaction mismatch");
    if (req.method === "GET" && !action) {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      res.end(signInPage(name, uid, new URL(callbackUrl).host, [...accounts.values()]));
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    if (action === "abort") {
      await provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "End-User aborted interaction" },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const form = new URLSearchParams(await readBody(req));
    let account = accounts.get(form.get("sub") ?? "");
    const typed = (form.get("email") ?? "").trim().toLowerCase();
    if (!account && typed) {
      const fullName = (form.get("name") ?? "").trim();
      account = {
        sub: subjectFor(name, typed),
        email: typed,
        email_verified: form.get("email_verified") === "true",
        ...(fullName && name === "google"
          ? {
              name: fullName,
              given_name: fullName.split(/\s+/)[0],
              family_name: fullName.split(/\s+/).slice(1).join(" "),
            }
          : {}),
      };
      accounts.set(account.sub, account);
    }
    if (!account) {
      res.writeHead(400, { "Content-Type": "text/plain" }).end("Choose an account");
      return;
    }
    const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", issuer).pathname;
    const step = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(path);
    if (step) {
      interaction(req, res, step[1]!, step[2] ?? "").catch(() => {
        if (!res.headersSent) res.writeHead(400, { "Content-Type": "text/plain" });
        res.end("This sign-in has expired. Start again from the app.");
      });
      return;
    }
    const avatar = /^\/avatar\/([^/]+)\.png$/.exec(path);
    if (avatar) {
      const account = accounts.get(decodeURIComponent(avatar[1]!));
      if (!account?.name) return void res.writeHead(404).end();
      res.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "public, max-age=3600" });
      res.end(avatarPng(account.sub));
      return;
    }
    void callback(req, res);
  });

  return {
    issuer,
    clientId,
    secret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
