import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";

// docs/security.md#headers: a request body over the limit (Next's 1 MB for server actions) answered 500. It
// answers 413 with a clear message, whether the size is announced (Content-Length) or not (chunked).
const tooLarge = /^Request too large: this site accepts at most 1 MB in one request\./;
const overLimit = "x".repeat(1024 * 1024 + 1);
// Its own address, so its wrong-password sign-ins count against nobody else's (playwright.config.ts).
test.use({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.90" } });

/** The sign-in form's server action id, from a real submission. */
async function signInActionId(page: import("@playwright/test").Page) {
  await page.goto("/auth");
  await page.getByLabel("Email address").fill("nobody@example.test");
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  const [post] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined),
    page.getByRole("button", { name: "Sign in", exact: true }).click(),
  ]);
  return post.headers()["next-action"]!;
}

test("a server action body over 1 MB answers 413 with a clear message, not 500", async ({
  page,
  baseURL,
}) => {
  const action = await signInActionId(page);
  const headers = {
    "next-action": action,
    "content-type": "text/plain;charset=UTF-8",
    accept: "text/x-component",
  };

  const announced = await page.request.post("/auth", { headers, data: overLimit });
  expect(announced.status()).toBe(413);
  expect(await announced.text()).toMatch(tooLarge);

  // Chunked: no Content-Length to go by.
  const postChunked = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(new URL(path, baseURL), { method: "POST", headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      for (let i = 0; i < overLimit.length; i += 64 * 1024) req.write(overLimit.slice(i, i + 64 * 1024));
      req.end();
    });
  const chunked = await postChunked("/auth");
  expect(chunked.status).toBe(413);
  expect(chunked.body).toMatch(tooLarge);

  // A prerendered page needs no session, so the proxy skips its views (proxy.ts), but not a body posted to it.
  for (const path of ["/", "/urgent-triathlon-team-noosa"]) {
    const posted = await page.request.post(path, { headers, data: overLimit });
    expect(posted.status(), path).toBe(413);
    expect(await posted.text()).toMatch(tooLarge);
    expect((await postChunked(path)).status, `${path}, chunked`).toBe(413);
  }

  // Under the limit the action runs as before: a wrong password is an ordinary answer.
  const small = await page.request.post("/auth", {
    headers,
    data: JSON.stringify([{ email: "nobody@example.test", password: "wrong-password" }]),
  });
  expect(small.status()).toBe(200);
});
