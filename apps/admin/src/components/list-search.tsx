import { Input } from 'antd';
import { useState, type CSSProperties } from 'react';

/**
 * The search box of the list pages: Enter (or the button) applies the trimmed text; clearing the box
 * applies an empty search at once.
 */
export function ListSearch({
  placeholder,
  initial,
  onApply,
  style,
}: {
  placeholder: string;
  initial?: string;
  onApply: (value: string | undefined) => void;
  style?: CSSProperties;
}) {
  const [search, setSearch] = useState(initial ?? '');
  return (
    <Input.Search
      allowClear
      aria-label={placeholder}
      placeholder={placeholder}
      value={search}
      onChange={(e) => {
        setSearch(e.target.value);
        if (!e.target.value) onApply(undefined);
      }}
      onSearch={(value) => onApply(value.trim() || undefined)}
      style={{ flex: '1 1 260px', maxWidth: 360, ...style }}
    />
  );
}
