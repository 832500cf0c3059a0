import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "../../proxy.ts";
import { isSharedCopyPath } from "./copy-guard";

const get = (path: string) => new NextRequest(new URL(path, "http://127.0.0.1:3000"));

describe("a request that names a shared copy of /browse itself", () => {
  it.each([
    "/browse-copy",
    "/browse-copy/",
    `/browse-copy/${Math.floor(Date.now() / 5000)}.teams.any.any.1.1.any.none`,
    "/browse-copy/1.teams.any.any.1.1.any.none.png",
    "/browse%2Dcopy/1.any.any.1.1.none",
  ])("%s is the 404 page, uncached, and never the copy", async (path) => {
    expect(isSharedCopyPath(new URL(path, "http://x").pathname)).toBe(true);
    const response = await proxy(get(path));
    expect(new URL(response.headers.get("x-middleware-rewrite")!).pathname).toBe("/_not-found");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("leaves /browse and look-alike paths to their own routes", async () => {
    expect(isSharedCopyPath("/browse")).toBe(false);
    expect(isSharedCopyPath("/browse-copyright")).toBe(false);
    const browse = new URL((await proxy(get("/browse"))).headers.get("x-middleware-rewrite")!);
    expect(browse.pathname).toMatch(/^\/browse-copy\/\d+\.teams\.any\.any\.1\.1\.any\.none$/);
  });
});
