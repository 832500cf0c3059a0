import { ProtectedLoading } from "@/components/auth/protected-loading";

export default function Loading() {
  return <ProtectedLoading />;
}
