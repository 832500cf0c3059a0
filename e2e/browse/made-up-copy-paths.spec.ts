import { expect, test } from "@playwright/test";

// /browse-copy/… is where the proxy rewrites /browse to (lib/browse/shared-copy.ts); nobody is meant to
// ask for it by name. Asked for directly, with any copy name (one shaped like the current window's, an
// old window's, nonsense), it is a 404 that no cache keeps: otherwise anyone could fill the page cache
// with copies by making names up.
const windowNow = () => Math.floor(Date.now() / 5000);

test("made-up /browse-copy paths are not found and not cached, while /browse is served", async ({
  request,
}) => {
  const names = [
    `${windowNow()}.any.any.1.1.none`,
    `${windowNow()}.runner.elite.7.3.none`,
    `${windowNow()}.any.any.2.9.swimmer.mine`,
    `${windowNow() - 100}.any.any.1.1.none`,
    "not-a-copy",
    "1.2.3.4.5.6.7.8",
  ];
  for (const name of names) {
    for (let i = 0; i < 2; i++) {
      const response = await request.get(`/browse-copy/${name}`, { maxRedirects: 0 });
      expect(response.status(), name).toBe(404);
      // The site's 404 page, never a listing, and nothing a shared cache may keep.
      const body = await response.text();
      expect(body, name).toContain("We can&#x27;t find that page");
      expect(body, name).not.toContain("Available Teams");
      expect(response.headers()["cache-control"] ?? "", name).not.toMatch(/s-maxage|public/);
    }
  }

  // Not put in the page cache: a made-up name that is exactly the copy /browse would be rewritten to, asked
  // for first, leaves /browse's own first request for it a render (MISS), not a HIT of what it left.
  // Retried when the 5-second window turns between the two requests.
  await expect(async () => {
    const w = windowNow();
    const made = await request.get(`/browse-copy/${w}.any.beginner.9.9.none`, { maxRedirects: 0 });
    expect(made.status()).toBe(404);
    const real = await request.get("/browse?level=beginner&tp=9&ap=9");
    expect(windowNow()).toBe(w);
    expect(real.status()).toBe(200);
    expect(real.headers()["x-nextjs-cache"]).not.toBe("HIT");
  }).toPass({ timeout: 30_000 });
  // Its RSC form too (what a client navigation would ask for).
  const rsc = await request.get(`/browse-copy/${windowNow()}.any.any.1.1.none`, {
    headers: { RSC: "1" },
    maxRedirects: 0,
  });
  expect(rsc.status()).toBe(404);

  // The rewrite itself still serves the shared copy.
  const browse = await request.get("/browse?role=runner");
  expect(browse.status()).toBe(200);
  expect(await browse.text()).toContain("Find Teams and Athletes");
});
