/** An entry of an ActionMenu: what it says and what choosing it does. */
export interface MenuItem {
  label: string;
  run: () => void;
}
