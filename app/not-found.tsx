import type { Metadata } from "next";
import { LinkButton } from "@/components/ui/button";

// No `robots` here: Next already marks every not-found response `noindex` (docs/product.md#static-pages), and a second tag
// ("noindex, follow") only contradicted it.
export const metadata: Metadata = {
  title: "Page not found",
};

/**
 * Themed 404 (docs/product.md#static-pages): shown for every unknown path, with status 404. Next puts this tree in every
 * page's payload (the not-found boundary of each layout), so its styles are short classes (globals.css).
 */
export default function NotFound() {
  return (
    <div className="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found-title">
        <span className="sr-only">404: </span>We can&apos;t find that page. Try one of the options below.
      </h1>
      <div className="not-found-actions">
        <LinkButton href="/" size="lg">
          Go to Homepage
        </LinkButton>
        <LinkButton href="/register-interest" size="lg" variant="secondary">
          Register Interest
        </LinkButton>
      </div>
    </div>
  );
}
