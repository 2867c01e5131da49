/**
 * Generated images so clients can show avatars and the organization icon without reaching any
 * other host: a colored square with initials. Colors come from the ID, so they are stable.
 */
const PALETTE = [
  '#3f7ccc',
  '#d9822b',
  '#2e9e6a',
  '#b24a8f',
  '#7a5bd6',
  '#c9483a',
  '#1e8f9e',
  '#8a7a1e',
  '#5d6d7e',
  '#a0522d',
];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => [...(word ?? '')][0]?.toUpperCase() ?? '').join('') || '?';
}

export function initialsSvg(text: string, seed: number, size: number): string {
  const color = PALETTE[Math.abs(seed) % PALETTE.length] ?? '#3f7ccc';
  const fontSize = Math.round(size * (text.length > 1 ? 0.4 : 0.5));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" rx="${Math.round(size / 8)}" fill="${color}"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="${fontSize}" ` +
    `font-weight="600" fill="#ffffff">${escapeXml(text)}</text></svg>`
  );
}
