import { CardSkeleton } from "@/components/dashboard/dashboard-card";

const titles = [
  "Training Weather",
  "Messages",
  "Your Profile",
  "Find Partners",
  "Your Teams",
  "Quick Actions",
];

/** While the session and profile are checked: the dashboard's shape, card by card. */
export default function DashboardLoading() {
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 sm:px-6 md:grid-cols-2 lg:grid-cols-3">
      {titles.map((t) => (
        <CardSkeleton key={t} title={t} />
      ))}
    </div>
  );
}
