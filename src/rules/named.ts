// Looking a name up in a table of names. Names come from logs, traces, menus and the command line:
// `table[name]` would also find what every object inherits ("toString", "constructor", "__proto__"),
// so only the table's own entries count.

/** The entry of `table` called `name`, or undefined when the table has none of its own by that name. */
export function named<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}
