/** The 'All Categories' option plus one option per category (values are encrypted category keys). */
export function CategoryOptions({
  categories,
}: {
  categories: ReadonlyArray<{ id: number; key: string; name: string }>;
}) {
  return (
    <>
      <option value="">All Categories</option>
      {categories.map((c) => (
        <option key={c.id} value={c.key}>
          {c.name}
        </option>
      ))}
    </>
  );
}
