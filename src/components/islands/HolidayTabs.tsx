import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

interface Tab {
  id: string;
  label: string;
}

interface Props {
  tabs: readonly Tab[];
}

/**
 * The country tab list for the holiday trips. The panels are server-rendered next to it
 * (`#panel-{id}`), so every trip is in the HTML; without JavaScript the `scripting` media
 * query shows them all. This island only switches which panel is visible.
 */
export default function HolidayTabs({ tabs }: Props) {
  const [selected, setSelected] = useState(tabs[0]?.id ?? '');
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    for (const tab of tabs) {
      const panel = document.getElementById(`panel-${tab.id}`);
      // A data attribute rather than `hidden`, which the no-JavaScript stylesheet could not override.
      panel?.toggleAttribute('data-inactive', tab.id !== selected);
    }
  }, [selected, tabs]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: tabs.length - 1 - index };
    const step = moves[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    setSelected(tabs[next]!.id);
    buttons.current[next]?.focus();
  };

  return (
    <div role="tablist" aria-label="Destinations" className="flex flex-wrap gap-2">
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          id={`tab-${tab.id}`}
          type="button"
          role="tab"
          aria-selected={tab.id === selected}
          aria-controls={`panel-${tab.id}`}
          tabIndex={tab.id === selected ? 0 : -1}
          className="tab-button"
          onClick={() => setSelected(tab.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
