import type { Page } from '@playwright/test';

// What the a11y pass measures in each laid-out screen, besides axe. Each function runs in the page and returns
// what it found in words, so a failure names the screen's part without opening the screenshot.

/**
 * The words of every visible table cell that the browser laid out on more than one line: each word's Range gives
 * one rect per line box it touches (per text node on the same line too, so rects only count when one sits wholly
 * below another).
 */
export function brokenWords(page: Page): Promise<{ cells: number; broken: { cell: string; word: string }[] }> {
  return page.evaluate(() => {
    const broken: { cell: string; word: string }[] = [];
    const cells = Array.from(document.querySelectorAll<HTMLElement>('table th, table td')).filter(
      (cell) => cell.getClientRects().length > 0,
    );
    for (const cell of cells) {
      // The cell's text with its characters' positions. Text nodes of one element (React splits `$${price}`) join
      // into one word; text of different elements (a name over an e-mail, two buttons) is kept apart by a space.
      const chars: ({ node: Text; offset: number } | null)[] = [];
      let text = '';
      let parent: Element | null = null;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        if (parent && node.parentElement !== parent) {
          chars.push(null);
          text += ' ';
        }
        parent = node.parentElement;
        for (let offset = 0; offset < node.data.length; offset++) chars.push({ node, offset });
        text += node.data;
      }
      for (const match of text.matchAll(/\S+/g)) {
        const first = chars[match.index]!;
        const last = chars[match.index + match[0].length - 1]!;
        const range = document.createRange();
        range.setStart(first.node, first.offset);
        range.setEnd(last.node, last.offset + 1);
        const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0 && rect.height > 0);
        const split = rects.some((a) => rects.some((b) => b.top >= a.bottom - 1));
        if (split) broken.push({ cell: (cell.textContent ?? '').trim().slice(0, 60), word: match[0] });
      }
    }
    return { cells: cells.length, broken };
  });
}

/**
 * Every visible table wider than the box it sits in, and every element with its own horizontal scroll whose content
 * is wider than it: the page itself may fit while a table's scroll box hides half of it.
 */
export function tooWide(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const visible = (el: Element) => el.getClientRects().length > 0;
    const name = (el: Element) => {
      const labelled = el.getAttribute('aria-labelledby');
      const label =
        el.getAttribute('aria-label') ??
        (labelled ? document.getElementById(labelled.split(' ')[0]!)?.textContent : null) ??
        el.id ??
        '';
      return `${el.tagName.toLowerCase()}${label ? ` "${label.trim().slice(0, 60)}"` : ''}`;
    };
    for (const table of Array.from(document.querySelectorAll('table')).filter(visible)) {
      const box = table.parentElement!;
      const style = getComputedStyle(box);
      const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const width = table.getBoundingClientRect().width;
      if (width > room + 0.5)
        found.push(`${name(table)} is ${Math.round(width)} px wide in a ${Math.round(room)} px box`);
    }
    for (const el of Array.from(document.querySelectorAll('body *')).filter(visible)) {
      const { overflowX } = getComputedStyle(el);
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1)
        found.push(`${name(el)} scrolls sideways: ${el.scrollWidth} px of content in ${el.clientWidth} px`);
    }
    return found;
  });
}

/**
 * In a table whose rows are stacked as cards (its cells no longer laid out as table cells), everything a cell shows
 * must sit in the cell's value column, to the right of the label its `data-label` puts before it (CSS `::before`,
 * the first column of the cell's grid), and inside the card: no part of the value under the label, none cut off at
 * the card's edge. What a box clips on purpose (an ellipsis) counts only as far as the box shows it.
 */
export function strayStackedContent(page: Page): Promise<{ cells: number; stray: string[] }> {
  return page.evaluate(() => {
    const stray: string[] = [];
    let cells = 0;
    const px = (value: string) => parseFloat(value) || 0;
    const cellsOf = Array.from(document.querySelectorAll<HTMLElement>('tbody td, tbody th')).filter(
      (cell) => cell.getClientRects().length > 0 && getComputedStyle(cell).display !== 'table-cell',
    );
    for (const cell of cellsOf) {
      cells++;
      const style = getComputedStyle(cell);
      const box = cell.getBoundingClientRect();
      let left = box.left + px(style.borderLeftWidth) + px(style.paddingLeft);
      const right = box.right - px(style.borderRightWidth) - px(style.paddingRight);
      const label = getComputedStyle(cell, '::before').content;
      const labelled = label !== 'none' && label !== 'normal' && label !== '""';
      const where = `${cell.dataset.label ?? cell.tagName.toLowerCase()} "${(cell.textContent ?? '').trim().slice(0, 50)}"`;
      if (labelled && style.display === 'grid') {
        // The label is the grid's first item, in its first column; the value column starts after it and the gap.
        left += px(style.gridTemplateColumns.split(' ')[0]!) + px(style.columnGap);
      } else if (labelled) {
        // Any other label (a float, say) is a box of its own: the value column starts where it ends, whether it
        // sits in the cell's padding or takes the start of its content.
        const before = getComputedStyle(cell, '::before');
        left = Math.max(
          left,
          box.left +
            px(style.borderLeftWidth) +
            px(style.paddingLeft) +
            px(before.marginLeft) +
            px(before.width) +
            px(before.marginRight),
        );
      }
      // The part of a rect its clipping ancestors (up to the cell) let through.
      const shown = (rect: DOMRect, from: Element) => {
        let { left: l, right: r, top: t, bottom: b } = rect;
        for (let el: Element | null = from; el && el !== cell; el = el.parentElement) {
          const s = getComputedStyle(el);
          if (s.overflowX === 'visible' && s.overflowY === 'visible' && s.clipPath === 'none') continue;
          const clip = el.getBoundingClientRect();
          l = Math.max(l, clip.left);
          r = Math.min(r, clip.right);
          t = Math.max(t, clip.top);
          b = Math.min(b, clip.bottom);
        }
        return r - l > 1 && b - t > 1 ? { l, r } : null;
      };
      const check = (rect: DOMRect, from: Element, what: string) => {
        const part = shown(rect, from);
        if (!part) return;
        if (part.l < left - 1)
          stray.push(`${where}: ${what} starts ${Math.round(left - part.l)} px left of the value column`);
        else if (part.r > right + 1)
          stray.push(`${where}: ${what} ends ${Math.round(part.r - right)} px past the card`);
      };
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node instanceof Text) {
          if (!node.data.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of Array.from(range.getClientRects()))
            check(rect, node.parentElement!, `"${node.data.trim().slice(0, 40)}"`);
        } else if (node instanceof Element) {
          for (const rect of Array.from(node.getClientRects()))
            check(rect, node.parentElement!, `<${node.tagName.toLowerCase()}>`);
        }
      }
    }
    return { cells, stray };
  });
}
