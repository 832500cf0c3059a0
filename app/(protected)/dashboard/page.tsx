import type { Metadata } from "next";
import { ComingSoon } from "@/components/auth/coming-soon";

export const metadata: Metadata = { title: "Dashboard", robots: { index: false } };

export default function DashboardPage() {
  return <ComingSoon title="Dashboard" path="/dashboard" note="Your dashboard is coming soon." />;
}
