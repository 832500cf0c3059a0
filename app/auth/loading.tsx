import { AuthCard } from "@/components/auth/form-controls";

// Shown while /auth (a dynamic page: it reads the view and the session) renders another view.
export default function Loading() {
  return (
    <AuthCard title="Loading...">
      <div aria-hidden="true" className="space-y-4">
        <div className="h-10 animate-pulse rounded-lg bg-ocean-800" />
        <div className="h-10 animate-pulse rounded-lg bg-ocean-800" />
        <div className="h-11 animate-pulse rounded-lg bg-ocean-700" />
      </div>
    </AuthCard>
  );
}
