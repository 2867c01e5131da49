/** Reads a --port style option: absent means 0 (any free port); anything but 0–65535 is refused. */
export function parsePortArg(text: string | undefined, flag = '--port'): number {
  if (text === undefined) return 0;
  const port = Number(text);
  if (text.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${flag} must be a whole number from 0 to 65535, not "${text}".`);
  }
  return port;
}
