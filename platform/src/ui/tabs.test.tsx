import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { scrollTabIntoView, Tabs } from './tabs';

/** A box at `left` of `width` px, as the browser would lay it out. */
function place(element: HTMLElement, left: number, width: number) {
  element.getBoundingClientRect = () => ({ left, width, right: left + width }) as DOMRect;
}

function strip(scrollLeft: number, clientWidth: number) {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { value: clientWidth });
  element.scrollLeft = scrollLeft;
  // Its box starts at x = 0 on the screen.
  place(element, 0, clientWidth);
  return element;
}

test('a tab cut off on the right is scrolled into view, its right edge on the strip’s', () => {
  const list = strip(0, 300);
  const tab = document.createElement('button');
  place(tab, 250, 120);
  scrollTabIntoView(list, tab);
  expect(list.scrollLeft).toBe(70);
});

test('a tab cut off on the left is scrolled into view, its left edge on the strip’s', () => {
  const list = strip(200, 300);
  const tab = document.createElement('button');
  // 150 px into the content, shown at -50 px since the strip is scrolled by 200.
  place(tab, -50, 120);
  scrollTabIntoView(list, tab);
  expect(list.scrollLeft).toBe(150);
});

test('a tab already whole in view does not move the strip', () => {
  const list = strip(40, 300);
  const tab = document.createElement('button');
  place(tab, 10, 120);
  scrollTabIntoView(list, tab);
  expect(list.scrollLeft).toBe(40);
});

function Harness() {
  const [tab, setTab] = useState<'a' | 'b'>('a');
  return (
    <Tabs
      label="Premiers pas"
      tabs={[
        { id: 'a', label: 'Créer une organisation' },
        { id: 'b', label: 'Rejoindre une équipe' },
      ]}
      selected={tab}
      onSelect={setTab}
    />
  );
}

test('choosing a tab selects it and scrolls the strip to it', async () => {
  render(<Harness />);
  const list = screen.getByRole('tablist', { name: 'Premiers pas' });
  Object.defineProperty(list, 'clientWidth', { value: 200 });
  place(list, 0, 200);
  const join = screen.getByRole('tab', { name: 'Rejoindre une équipe' });
  place(join, 190, 170);
  await userEvent.click(join);
  expect(join).toHaveAttribute('aria-selected', 'true');
  expect(list.scrollLeft).toBe(160);
});
