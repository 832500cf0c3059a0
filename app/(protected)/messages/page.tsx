import type { Metadata } from "next";
import { ComingSoon } from "@/components/auth/coming-soon";

export const metadata: Metadata = { title: "Messages", robots: { index: false } };

export default function MessagesPage() {
  return <ComingSoon title="Messages" path="/messages" note="Messaging is coming soon." />;
}
