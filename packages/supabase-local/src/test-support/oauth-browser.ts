/**
 * A small browser for the sign-in-with-a-provider walk in tests: it follows redirects by hand, keeps each
 * host's cookies (the local provider's interaction cookies), and stops where a person would act: the
 * provider's sign-in page, a form the provider posts back (Apple), or the app's redirect_to.
 */
export type Stop =
  | { kind: "page"; url: string; html: string }
  | { kind: "form"; url: string; action: string; fields: Record<string, string> }
  | { kind: "app"; url: URL }
  | { kind: "other"; url: string; status: number; body: string };

export class OAuthBrowser {
  private cookies = new Map<string, Map<string, string>>();

  private appPrefix: string;
  constructor(appPrefix: string) {
    this.appPrefix = appPrefix;
  }

  private cookieHeader(url: URL): string {
    return [...(this.cookies.get(url.host) ?? new Map<string, string>())]
      .map(([k, v]) => `${k}=${v}`)
      .join("; ");
  }

  private keep(url: URL, res: Response) {
    const jar = this.cookies.get(url.host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(url.host, jar);
  }

  /** One request; `form` posts urlencoded. */
  async request(target: string, form?: Record<string, string>): Promise<Response> {
    const url = new URL(target);
    const res = await fetch(url, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: this.cookieHeader(url),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    this.keep(url, res);
    return res;
  }

  /** Follows redirects from `target` until a page, a self-posting form, or the app. */
  async walk(target: string, form?: Record<string, string>): Promise<Stop> {
    let url = target;
    let body = form;
    for (let hops = 0; hops < 20; hops++) {
      if (url.startsWith(this.appPrefix)) return { kind: "app", url: new URL(url) };
      const res = await this.request(url, body);
      body = undefined;
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        url = new URL(location, url).toString();
        continue;
      }
      const html = await res.text();
      if (
        res.status === 200 &&
        /<form[^>]*method="post"/i.test(html) &&
        /onload|DOMContentLoaded|submit\(\)/i.test(html)
      ) {
        const action = /<form[^>]*action="([^"]+)"/i.exec(html)![1]!.replace(/&amp;/g, "&");
        const fields: Record<string, string> = {};
        for (const m of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)) {
          fields[m[1]!] = m[2]!
            .replace(/&amp;/g, "&")
            .replace(/&quot;/g, '"')
            .replace(/&#39;/g, "'");
        }
        return { kind: "form", url, action, fields };
      }
      if (res.status === 200) return { kind: "page", url, html };
      return { kind: "other", url, status: res.status, body: html };
    }
    throw new Error("too many redirects");
  }
}
