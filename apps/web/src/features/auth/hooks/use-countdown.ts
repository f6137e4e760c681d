import { useEffect, useState } from 'react';

interface Countdown {
  until: number;
  now: number;
}

/** Whole seconds left of a countdown that `start(seconds)` begins, ticking once a second. */
export function useCountdown(): [secondsLeft: number, start: (seconds: number) => void] {
  const [countdown, setCountdown] = useState<Countdown | null>(null);
  const running = countdown !== null && countdown.now < countdown.until;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setCountdown((current) => current && { ...current, now: Date.now() }), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  const secondsLeft = countdown ? Math.max(0, Math.ceil((countdown.until - countdown.now) / 1000)) : 0;
  const start = (seconds: number) => {
    const now = Date.now();
    setCountdown({ now, until: now + seconds * 1000 });
  };
  return [secondsLeft, start];
}
