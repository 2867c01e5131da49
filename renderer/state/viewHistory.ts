/**
 * The views the user went through, for Alt+← and Alt+→ (Zulip's "back / forward through viewing
 * history", which there is the browser's history). Home records each view it shows; going back
 * and forward moves along the list without recording, and a new view after going back drops
 * the views ahead, as a browser does.
 */
import type { Narrow } from '../../common/model';
import { sameNarrow } from '../lib/narrow';
import type { Screen } from './screen';

/** A view as it can be shown again: the screen, and the conversation or search it holds. */
export interface Place {
  screen: Screen;
  /** The open conversation when the screen is the narrow. */
  narrow: Narrow | null;
  /** The search when the screen is a search's results. */
  query: string | null;
}

/** How many views are kept; older ones fall off the start. */
export const HISTORY_LIMIT = 100;

export function samePlace(a: Place, b: Place): boolean {
  if (a.screen.kind !== b.screen.kind) return false;
  if (a.screen.kind === 'narrow') return a.narrow !== null && b.narrow !== null && sameNarrow(a.narrow, b.narrow);
  if (a.screen.kind === 'search') return a.query === b.query;
  if (a.screen.kind === 'channelSettings' && b.screen.kind === 'channelSettings')
    return a.screen.channelId === b.screen.channelId;
  return true;
}

export class ViewHistory {
  private places: Place[] = [];
  private at = -1;

  /** Records a view the user went to; the same view again (a re-render) is not a new step. */
  visit(place: Place): void {
    const current = this.places[this.at];
    if (current && samePlace(current, place)) {
      this.places[this.at] = place;
      return;
    }
    this.places = [...this.places.slice(0, this.at + 1), place].slice(-HISTORY_LIMIT);
    this.at = this.places.length - 1;
  }

  /** The view before the current one, now current; null at the start. */
  back(): Place | null {
    if (this.at <= 0) return null;
    this.at -= 1;
    return this.places[this.at]!;
  }

  /** The view after the current one (after going back), now current; null at the end. */
  forward(): Place | null {
    if (this.at >= this.places.length - 1) return null;
    this.at += 1;
    return this.places[this.at]!;
  }
}
