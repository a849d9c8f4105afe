import { useEffect, useState } from 'react';
import { formatCountdown, type CountdownStyle } from '@jara/contracts';

/**
 * A live countdown (spec 9 formats via formatCountdown). The server renders the value at request time;
 * the browser ticks it every second. At the end it shows `endedLabel`.
 */
export function Countdown({
  end,
  style = 'card',
  endedLabel = 'Ended',
  className,
}: {
  end: string;
  style?: CountdownStyle;
  endedLabel?: string;
  className?: string;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [end]);
  const value = formatCountdown(end, now, style);
  return (
    <span
      className={['countdown', className].filter(Boolean).join(' ')}
      data-testid="countdown"
      suppressHydrationWarning
    >
      {value ?? endedLabel}
    </span>
  );
}
