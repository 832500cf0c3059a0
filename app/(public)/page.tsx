export default function HomePage() {
  return (
    <main id="main" className="mx-auto max-w-5xl p-8">
      <h1 className="text-3xl font-bold">Find your Noosa relay team</h1>
    </main>
  );
}
