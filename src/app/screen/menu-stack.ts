// Moving through the menus with the three buttons: up and down move the cursor (round the ends), select
// opens a submenu or does an item, a long press backs out one level. Apart from menu.ts, which says what
// each menu holds, because this knows nothing of any menu's content: only items that open or act, and
// menus that are built again after each press so that their labels show current values.

export interface Item {
  label: string;
  open?: () => Menu;
  /** Does something; the menus close unless it says to stay. */
  act?: () => 'close' | 'stay' | 'back';
}

export interface Menu {
  title: string;
  items: Item[];
  /** Where the cursor starts (the current choice); the top if absent. */
  selected?: number;
}

/** Where the buttons are in the menus. */
export class MenuStack {
  private stack: { menu: Menu; selected: number; build: () => Menu }[] = [];

  get open(): boolean {
    return this.stack.length > 0;
  }

  top(): { menu: Menu; selected: number } | null {
    return this.stack[this.stack.length - 1] ?? null;
  }

  show(build: () => Menu): void {
    const menu = build();
    this.stack = [{ menu, selected: menu.selected ?? 0, build }];
  }

  close(): void {
    this.stack = [];
  }

  back(): void {
    this.stack.pop();
    this.refresh();
  }

  up(): void {
    const t = this.top();
    if (t) t.selected = (t.selected + t.menu.items.length - 1) % t.menu.items.length;
  }

  down(): void {
    const t = this.top();
    if (t) t.selected = (t.selected + 1) % t.menu.items.length;
  }

  select(): void {
    const t = this.top();
    if (!t) return;
    const item = t.menu.items[t.selected];
    if (item.open) {
      const build = item.open;
      const menu = build();
      this.stack.push({ menu, selected: menu.selected ?? 0, build });
      return;
    }
    const next = item.act ? item.act() : 'stay';
    if (next === 'close') this.close();
    else if (next === 'back') this.back();
    else this.refresh();
  }

  /** Labels show current values: rebuild the top menu, keeping the selection. */
  private refresh(): void {
    const t = this.stack[this.stack.length - 1];
    if (!t) return;
    t.menu = t.build();
    t.selected = Math.min(t.selected, t.menu.items.length - 1);
  }
}
