/**
 * A message time's tooltip (its full date and time), written when the pointer first comes to the
 * time, not for every row drawn: a channel switch draws 10-15 rows at once, and a full date
 * format for each was part of it. The time's `datetime` attribute keeps the machine-readable value.
 */
import type { Attachment } from 'svelte/attachments';
import { formatFullTime } from '../../lib/format';

export function fullTimeTitle(unixSeconds: number): Attachment<HTMLElement> {
  return (element) => {
    const fill = () => {
      element.title = formatFullTime(unixSeconds);
    };
    element.addEventListener('pointerenter', fill, { once: true });
    return () => element.removeEventListener('pointerenter', fill);
  };
}
