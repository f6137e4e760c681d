import { useRef, type KeyboardEvent } from 'react';
import './ranking-tabs.css';

interface RankingTabsProps {
  items: { key: string; label: string }[];
  activeKey: string | undefined;
  onChange: (key: string) => void;
}

/**
 * The rankings' tab strip, drawn like antd's small Tabs. Not antd's: its Tabs (with rc-menu and
 * rc-overflow for tabs that do not fit) was about 19 KB gzipped of the first screen, for four
 * short labels. Arrow keys, Home and End move between tabs and select them, as in antd.
 */
export function RankingTabs({ items, activeKey, onChange }: RankingTabsProps) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(
    0,
    items.findIndex((item) => item.key === activeKey),
  );

  function onKeyDown(event: KeyboardEvent) {
    const last = items.length - 1;
    const to = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const index = to > last ? 0 : to < 0 ? last : to;
    onChange(items[index]?.key ?? '');
    tabs.current[index]?.focus();
  }

  return (
    <div className="ranking-tabs" role="tablist" onKeyDown={onKeyDown}>
      {items.map((item, index) => {
        const active = index === current;
        return (
          <button
            key={item.key}
            ref={(element) => void (tabs.current[index] = element)}
            type="button"
            role="tab"
            className="ranking-tabs__tab"
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            onClick={() => onChange(item.key)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
