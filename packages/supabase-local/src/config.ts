import { readFileSync } from "node:fs";
import path from "node:path";
import { parseToml, type TomlTable, type TomlValue } from "./toml.ts";
import { StackError } from "./errors.ts";
import { projectRoot } from "./project-root.ts";

export { projectRoot };

export type RateLimits = {
  /** E-mails per hour, whole project. */
  email_sent: number;
  /** Requests per 5 minutes per IP. */
  sign_in_sign_ups: number;
  token_verifications: number;
  token_refresh: number;
};

export type MailKind = "confirmation" | "magic_link" | "recovery" | "email_change";
export type MailTemplate = { subject: string; contentPath: string };

export type AuthConfig = {
  site_url: string;
  additional_redirect_urls: string[];
  jwt_expiry: number;
  refresh_token_reuse_interval: number;
  enable_signup: boolean;
  enable_confirmations: boolean;
  /**
   * [auth.email] double_confirm_changes (hosted: "Secure email change", on by default): an e-mail change
   * needs a confirmation from the current address AND the new one.
   */
  double_confirm_changes: boolean;
  minimum_password_length: number;
  otp_expiry: number;
  /** [auth.email] max_frequency in seconds: the least time between two e-mails of a kind to one address. */
  email_max_frequency: number;
  rate_limits: RateLimits;
  templates: Partial<Record<MailKind, MailTemplate>>;
  /**
   * From of Auth's e-mails: [auth.email.smtp] sender_name and admin_email, as hosted Auth writes them with
   * custom SMTP; without them hosted Supabase's built-in sender.
   */
  sender: string;
  /**
   * [auth.hook.send_email] when enabled with a uri: Auth POSTs each e-mail there, signed, instead of sending
   * its template. null: Auth sends the templates itself.
   */
  send_email_hook: { uri: string; secrets: string[] } | null;
  /** [auth.external.google] and [auth.external.apple]: sign-in with an OpenID provider (auth/external/). */
  external: Record<ExternalProviderName, ExternalProviderConfig>;
};

export const externalProviderNames = ["google", "apple"] as const;
export type ExternalProviderName = (typeof externalProviderNames)[number];

/**
 * One provider as the dashboard (Authentication → Sign In / Providers) or the CLI's [auth.external.<name>]
 * holds it: on or off, the client id and secret the provider issued. `url` is the provider's issuer, for
 * the stand-in only (GoTrue ignores it for Google and Apple): empty means a local OpenID Provider started
 * with the stack plays the provider (auth/external/local-op.ts), and client id and secret, if empty, are
 * made up for it.
 */
export type ExternalProviderConfig = {
  enabled: boolean;
  client_id: string;
  secret: string;
  url: string;
  skip_nonce_check: boolean;
};

/** [auth.external.<name>] with env(VAR) values, as the CLI reads them. */
export function externalConfig(
  auth: TomlTable,
  env: Record<string, string | undefined> = process.env,
): AuthConfig["external"] {
  const external = table(auth.external);
  const read = (name: ExternalProviderName): ExternalProviderConfig => {
    const t = table(external[name]);
    const url = envValue(t.url, env).trim().replace(/\/$/, "");
    if (url && !/^https:\/\//.test(url) && !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/.test(url)) {
      throw new StackError(
        `[auth.external.${name}] url must be https://, or http:// to 127.0.0.1 or localhost: ${url}`,
      );
    }
    return {
      enabled: bool(t.enabled, false),
      client_id: envValue(t.client_id, env).trim(),
      secret: envValue(t.secret, env).trim(),
      url,
      skip_nonce_check: bool(t.skip_nonce_check, false),
    };
  };
  return { google: read("google"), apple: read("apple") };
}

/** [storage] of config.toml: whether the API serves Storage, its upload limit, and buckets to create. */
export type StorageConfig = {
  enabled: boolean;
  /** Bytes; no upload may be larger, whatever its bucket says. */
  file_size_limit: number;
  buckets: Record<
    string,
    { public: boolean; file_size_limit: number | null; allowed_mime_types: string[] | null }
  >;
};

export type StackConfig = {
  apiPort: number;
  dbPort: number;
  smtpPort: number;
  auth: AuthConfig;
  storage: StorageConfig;
};

/**
 * A size as the CLI reads it (docker/go-units RAMInBytes: "50MiB", "5MB" and "5M" are all binary
 * multiples); a number is bytes. Anything else is refused with the setting's name.
 */
export function sizeInBytes(value: TomlValue | undefined, fallback: number, setting: string): number {
  if (value === undefined) return fallback;
  if (typeof value === "number") return value;
  const m = typeof value === "string" ? /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b)?\s*$/i.exec(value) : null;
  if (!m) throw new StackError(`${setting} must be a size such as "50MiB": ${String(value)}`);
  const power = { "": 0, k: 1, m: 2, g: 3, t: 4 }[m[2]!.toLowerCase() as "" | "k" | "m" | "g" | "t"];
  return Math.round(Number(m[1]) * 1024 ** power);
}

export function storageConfig(doc: TomlTable): StorageConfig {
  const storage = table(doc.storage);
  const buckets: StorageConfig["buckets"] = {};
  for (const [name, value] of Object.entries(table(storage.buckets))) {
    const bucket = table(value);
    const types = bucket.allowed_mime_types;
    buckets[name] = {
      public: bool(bucket.public, false),
      file_size_limit:
        bucket.file_size_limit === undefined
          ? null
          : sizeInBytes(bucket.file_size_limit, 0, `[storage.buckets.${name}] file_size_limit`),
      allowed_mime_types: Array.isArray(types)
        ? types.filter((t): t is string => typeof t === "string")
        : null,
    };
  }
  return {
    enabled: bool(storage.enabled, true),
    file_size_limit: sizeInBytes(storage.file_size_limit, 50 * 1024 * 1024, "[storage] file_size_limit"),
    buckets,
  };
}

function table(value: TomlValue | undefined): TomlTable {
  return value && typeof value === "object" && !Array.isArray(value) ? value : {};
}
function num(value: TomlValue | undefined, fallback: number): number {
  return typeof value === "number" ? value : fallback;
}
function bool(value: TomlValue | undefined, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}
function str(value: TomlValue | undefined, fallback: string): string {
  return typeof value === "string" ? value : fallback;
}

/** A Go duration as the CLI writes it ("60s", "1m", "1m30s", "500ms") in seconds; anything else gives `fallback`. */
export function durationSeconds(value: TomlValue | undefined, fallback: number): number {
  if (typeof value !== "string" || !/^(\d+(\.\d+)?(h|m|s|ms))+$/.test(value.trim())) return fallback;
  const unit = { h: 3600, m: 60, s: 1, ms: 0.001 } as const;
  let total = 0;
  for (const [, n, u] of value.trim().matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) {
    total += Number(n) * unit[u as keyof typeof unit];
  }
  return total;
}

/** A string setting; `env(NAME)` reads the environment variable, as the Supabase CLI does (unset: ""). */
export function envValue(
  value: TomlValue | undefined,
  env: Record<string, string | undefined> = process.env,
): string {
  if (typeof value !== "string") return "";
  const ref = /^env\((\w+)\)$/.exec(value.trim());
  return ref ? (env[ref[1]!] ?? "") : value;
}

/**
 * [auth.hook.send_email]. The uri must be http(s); plain http only to this machine, as GoTrue allows it
 * only for local hooks. Enabled with its uri's variable unset (a stack run without the app, such as the
 * stand-in's own tests): off, and Auth sends its templates.
 */
export function sendEmailHookConfig(
  auth: TomlTable,
  env: Record<string, string | undefined> = process.env,
): AuthConfig["send_email_hook"] {
  const hook = table(table(auth.hook).send_email);
  if (!bool(hook.enabled, false)) return null;
  const uri = envValue(hook.uri, env).trim();
  if (!uri) return null;
  if (!/^https:\/\//.test(uri) && !/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(uri)) {
    throw new StackError(
      `[auth.hook.send_email] uri must be https://, or http:// to 127.0.0.1 or localhost: ${uri}`,
    );
  }
  const secrets = envValue(hook.secrets, env)
    .split("|")
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length === 0 || secrets.some((s) => !/^v1,whsec_[A-Za-z0-9+/=]+$/.test(s))) {
    throw new StackError(
      "[auth.hook.send_email] secrets must be one or more v1,whsec_<base64> secrets separated by |",
    );
  }
  return { uri, secrets };
}

/** Reads supabase/config.toml; defaults are the Supabase CLI's. */
export function loadConfig(file = path.join(projectRoot, "supabase/config.toml")): StackConfig {
  let doc: TomlTable;
  try {
    doc = parseToml(readFileSync(file, "utf8"));
  } catch (error) {
    throw new StackError(`Cannot read ${path.relative(projectRoot, file)}: ${(error as Error).message}`);
  }
  const auth = table(doc.auth);
  const email = table(auth.email);
  const limits = table(auth.rate_limit);
  const smtp = table(email.smtp);
  const senderAddress = str(smtp.admin_email, "");
  const templates: AuthConfig["templates"] = {};
  for (const kind of ["confirmation", "magic_link", "recovery", "email_change"] as const) {
    const t = table(table(email.template)[kind]);
    if (typeof t.content_path === "string") {
      templates[kind] = {
        subject: str(t.subject, ""),
        contentPath: path.resolve(projectRoot, t.content_path),
      };
    }
  }
  return {
    apiPort: num(table(doc.api).port, 54321),
    dbPort: num(table(doc.db).port, 54322),
    // The CLI's mail catcher takes SMTP on [inbucket] smtp_port; so does the stand-in's mailbox.
    smtpPort: num(table(doc.inbucket).smtp_port, 54325),
    storage: storageConfig(doc),
    auth: {
      site_url: str(auth.site_url, "http://127.0.0.1:3000"),
      additional_redirect_urls: Array.isArray(auth.additional_redirect_urls)
        ? auth.additional_redirect_urls.filter((u): u is string => typeof u === "string")
        : [],
      jwt_expiry: num(auth.jwt_expiry, 3600),
      refresh_token_reuse_interval: num(auth.refresh_token_reuse_interval, 10),
      enable_signup: bool(auth.enable_signup, true) && bool(email.enable_signup, true),
      enable_confirmations: bool(email.enable_confirmations, false),
      double_confirm_changes: bool(email.double_confirm_changes, true),
      minimum_password_length: num(auth.minimum_password_length, 6),
      otp_expiry: num(email.otp_expiry, 3600),
      email_max_frequency: durationSeconds(email.max_frequency, 1),
      rate_limits: {
        email_sent: num(limits.email_sent, 2),
        sign_in_sign_ups: num(limits.sign_in_sign_ups, 30),
        token_verifications: num(limits.token_verifications, 30),
        token_refresh: num(limits.token_refresh, 150),
      },
      templates,
      sender: senderAddress
        ? `${str(smtp.sender_name, "")} <${senderAddress}>`.trim()
        : "Supabase Auth <noreply@mail.app.supabase.io>",
      send_email_hook: sendEmailHookConfig(auth),
      external: externalConfig(auth),
    },
  };
}
