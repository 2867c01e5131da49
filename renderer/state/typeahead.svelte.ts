/**
 * The compose box's autocomplete while the user types: what the caret is completing, the
 * suggestions for it and the highlighted one. The account's emoji catalog and the group list are fetched
 * the first time they are asked for, so a user who never types `:` never loads the emoji set.
 */
import {
  accept,
  suggestionsFor,
  triggerAt,
  type Sources,
  type Suggestion,
  type Trigger,
} from '../lib/composeTypeahead';
import { loadEmojiCatalog, type EmojiCatalog } from '../lib/emojiCatalog';
import { prepareMentionIndex } from '../lib/mentionIndex';

export class TypeaheadState {
  trigger = $state.raw<Trigger | null>(null);
  selected = $state(0);
  private emoji = $state.raw<EmojiCatalog | null>(null);
  /** The start of a trigger the user closed with Escape: it stays closed until another begins. */
  private dismissedStart: number | null = null;

  readonly suggestions: Suggestion[] = $derived.by(() =>
    this.trigger ? suggestionsFor(this.trigger, { ...this.sources(), emoji: this.emoji }) : [],
  );
  readonly open: boolean = $derived(this.suggestions.length > 0);

  constructor(
    private readonly sources: () => Omit<Sources, 'emoji'>,
    private readonly wantGroups: () => void = () => {},
    /** The account's emoji (its server's names); Zulip's bundled table without one. */
    private readonly loadEmoji: () => Promise<EmojiCatalog> = () => loadEmojiCatalog(),
  ) {}

  /** Call after every input or caret move. */
  update(text: string, caret: number): void {
    const trigger = triggerAt(text, caret);
    if (trigger && trigger.start === this.dismissedStart) {
      this.trigger = null;
      return;
    }
    this.dismissedStart = null;
    const fresh = trigger?.kind !== this.trigger?.kind || trigger?.start !== this.trigger?.start;
    if (fresh) this.selected = 0;
    this.trigger = trigger;
    // Asked again for each new `:`: the account's table may have changed (cached, so cheap).
    if (trigger?.kind === 'emoji' && fresh) void this.loadEmoji().then((c) => (this.emoji = c));
    if (trigger?.kind === 'mention') this.wantGroups();
    else prepareMentionIndex(this.sources().users);
  }

  move(step: number): void {
    const n = this.suggestions.length;
    if (n > 0) this.selected = (this.selected + step + n) % n;
  }

  /** Hides the list (focus left the box); typing there again brings it back. */
  close(): void {
    this.trigger = null;
  }

  dismiss(): void {
    this.dismissedStart = this.trigger?.start ?? null;
    this.trigger = null;
  }

  /** The text and caret with the highlighted (or given) suggestion put in; null when nothing is open. */
  choose(text: string, caret: number, index = this.selected): { text: string; caret: number } | null {
    const suggestion = this.suggestions[index];
    if (!this.trigger || !suggestion) return null;
    const result = accept(text, caret, this.trigger, suggestion);
    this.trigger = null;
    return result;
  }
}
