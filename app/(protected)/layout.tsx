import type { ReactNode } from "react";
import { Suspense } from "react";
import { requireClaims } from "@/lib/auth/session";
import { ProtectedLoading } from "@/components/auth/protected-loading";

/**
 * Every page in this group is for signed-in users. The proxy already redirects visitors, but it is not
 * the security boundary: this checks the verified claims again on the server before any child renders,
 * and each page's own requireUser(its path) also checks that the session has not ended.
 */
export default function ProtectedLayout({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<ProtectedLoading />}>
      <SessionGate>{children}</SessionGate>
    </Suspense>
  );
}

async function SessionGate({ children }: { children: ReactNode }) {
  await requireClaims();
  return children;
}
