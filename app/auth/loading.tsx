import { AuthCard } from "@/components/auth/form-controls";

// Shown while /auth (a dynamic page: it reads the view and the session) renders another view.
export default function Loading() {
  return (
    <AuthCard title="Loading...">
      <div aria-hidden="true" className="space-y-4">
        <div className="bg-ocean-800 h-10 animate-pulse rounded-lg" />
        <div className="bg-ocean-800 h-10 animate-pulse rounded-lg" />
        <div className="bg-ocean-700 h-11 animate-pulse rounded-lg" />
      </div>
    </AuthCard>
  );
}
