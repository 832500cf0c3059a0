import { ListingSkeleton } from "@/components/browse/listing-skeleton";

export default function BrowseLoading() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <ListingSkeleton />
    </div>
  );
}
