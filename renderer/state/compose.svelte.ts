/**
 * The compose box of the open narrow: text, topic (asked for only in a channel narrow) and
 * the error of the last attempt. The text survives a failed send so nothing typed is lost.
 * While the user types, main hears "typing" and the text is kept as a draft (drafts:save,
 * shortly after the last keystroke); a sent or emptied message's draft is deleted.
 */
import type { DraftView, EffectiveTopicsPolicy, Narrow } from '../../common/model';
import { describe, type BridgeClient } from '../lib/bridge';
import { errorText } from '../lib/errors';
import { composeTarget } from '../lib/narrow';

/** Quiet time after the last keystroke before the draft is written. */
export const DRAFT_DELAY_MS = 300;

/** One narrow's draft: its id once main gave one, and the saves queued for it, in order. */
interface DraftSlot {
  id: string | null;
  chain: Promise<void>;
}

export class ComposeState {
  narrow = $state.raw<Narrow | null>(null);
  content = $state('');
  topic = $state('');
  sending = $state(false);
  error = $state<string | null>(null);
  /** 'saved' once the latest text is kept as a draft; the error when keeping it failed. */
  draftState = $state<'none' | 'saving' | 'saved'>('none');
  draftError = $state<string | null>(null);

  /** The open channel's topics policy (set from the sidebar): may the topic be left empty? */
  topicsPolicy = $state<EffectiveTopicsPolicy>('disable_empty_topic');

  /**
   * Only a channel narrow leaves the topic to the user; topic and DM narrows fix it, and a channel
   * that takes only the empty topic ("general chat") has none to ask for.
   */
  readonly needsTopic: boolean = $derived(this.narrow?.kind === 'channel' && this.topicsPolicy !== 'empty_topic_only');
  /** A channel message without a topic is refused here only where the channel refuses it too. */
  readonly topicMissing: boolean = $derived(
    this.needsTopic && this.topicsPolicy === 'disable_empty_topic' && this.topic.trim() === '',
  );
  readonly canSend: boolean = $derived(!this.sending && this.content.trim() !== '' && !this.topicMissing);

  private slot: DraftSlot = { id: null, chain: Promise.resolve() };
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Main was told "start" and not yet "stop". */
  private typingNow = false;

  constructor(
    private readonly bridge: BridgeClient,
    private readonly accountId: string,
  ) {}

  /**
   * Points compose at a narrow; text typed for another narrow is kept as its draft, not sent here.
   * The narrow's own saved draft (drafts:forNarrow) comes back into the box, unless the user
   * started typing before main answered.
   */
  setNarrow(wanted: Narrow | null): void {
    // The Combined feed is no conversation to write to: compose waits for a reply or c / x.
    const narrow = wanted?.kind === 'all' ? null : wanted;
    this.reset(narrow);
    if (narrow) void this.restoreDraft(narrow);
  }

  private reset(narrow: Narrow | null): void {
    this.flushDraft();
    this.stopTyping();
    this.narrow = narrow;
    this.content = '';
    this.topic = '';
    this.error = null;
    this.draftError = null;
    this.draftState = 'none';
    this.slot = { id: null, chain: Promise.resolve() };
  }

  /** Opens a saved draft to go on with it (the caller has opened its narrow). */
  resumeDraft(draft: DraftView, narrow: Narrow): void {
    this.reset(narrow);
    this.content = draft.content;
    this.topic = draft.to?.kind === 'channel' ? draft.to.topic : '';
    this.slot.id = draft.id;
    this.draftState = 'saved';
  }

  private async restoreDraft(narrow: Narrow): Promise<void> {
    const slot = this.slot;
    let draft: DraftView | null;
    try {
      draft = await this.bridge.call('drafts:forNarrow', { accountId: this.accountId, narrow });
    } catch (error) {
      // Only a convenience: the draft is still on the Drafts screen.
      this.bridge.send('log:error', { message: `drafts:forNarrow failed: ${describe(error)}` });
      return;
    }
    // Another narrow by now, or the user already typed (text, topic, or a pending save): keep theirs.
    const untouched = this.content === '' && this.topic === '' && this.timer === null && slot.id === null;
    if (!draft || slot !== this.slot || !untouched) return;
    this.content = draft.content;
    if (narrow.kind === 'channel' && draft.to?.kind === 'channel') this.topic = draft.to.topic;
    slot.id = draft.id;
    this.draftState = 'saved';
  }

  /** Adds text where the user is typing (or at the end). */
  insert(text: string, at: number = this.content.length): void {
    const before = this.content.slice(0, at);
    const gap = before === '' || before.endsWith('\n') ? '' : '\n';
    this.content = `${before}${gap}${text}${this.content.slice(at)}`;
    this.edited();
  }

  /** Call after every change of the text or topic. */
  edited(): void {
    const narrow = this.narrow;
    if (!narrow) return;
    if (this.content.trim() === '') this.stopTyping();
    else {
      this.typingNow = true;
      this.typing('start');
    }
    if (this.timer !== null) clearTimeout(this.timer);
    this.draftState = 'saving';
    this.timer = setTimeout(() => this.flushDraft(), DRAFT_DELAY_MS);
  }

  /** Writes the pending draft now (on a narrow change, before a reload). */
  flushDraft(): void {
    if (this.timer === null || !this.narrow) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.queueDraft(this.narrow, this.topic.trim(), this.content);
  }

  /**
   * compose:send. Returns the local ID of the queued message, or null when nothing was sent
   * (empty text, missing topic, or an error now shown in `error`).
   */
  async send(): Promise<string | null> {
    const narrow = this.narrow;
    if (!narrow || this.sending) return null;
    const content = this.content;
    if (content.trim() === '') {
      this.error = 'Write a message first.';
      return null;
    }
    const topic = this.needsTopic ? this.topic.trim() : '';
    if (this.topicMissing) {
      this.error = 'Enter a topic for this message.';
      return null;
    }
    const to = composeTarget(narrow, topic);
    if (!to) {
      this.error = 'Choose a conversation to send to: reply to a message, or press c or x.';
      return null;
    }
    this.sending = true;
    this.error = null;
    try {
      const { localId } = await this.bridge.call('compose:send', { accountId: this.accountId, to, content });
      // Only clear what was sent: the user may have kept typing while the call was on its way.
      if (this.content === content) this.content = '';
      this.stopTyping();
      if (this.timer !== null) clearTimeout(this.timer);
      this.timer = null;
      // The message is in the outbox now; its draft (empty text deletes it) goes.
      this.queueDraft(narrow, topic, this.content);
      return localId;
    } catch (error) {
      this.error = errorText(error);
      return null;
    } finally {
      this.sending = false;
    }
  }

  dispose(): void {
    this.flushDraft();
    this.stopTyping();
  }

  private queueDraft(narrow: Narrow, topic: string, content: string): void {
    const slot = this.slot;
    const accountId = this.accountId;
    slot.chain = slot.chain
      .then(async () => {
        if (content.trim() === '') {
          if (slot.id !== null) await this.bridge.call('drafts:delete', { accountId, id: slot.id });
          slot.id = null;
          if (slot === this.slot) this.draftState = 'none';
          return;
        }
        const to = composeTarget(narrow, topic);
        const { id } = await this.bridge.call('drafts:save', { accountId, id: slot.id ?? undefined, to, content });
        slot.id = id;
        if (slot === this.slot && this.timer === null) this.draftState = 'saved';
      })
      .then(
        () => {
          if (slot === this.slot) this.draftError = null;
        },
        (error: unknown) => {
          if (slot === this.slot) this.draftError = `The draft was not saved: ${errorText(error)}`;
        },
      );
  }

  private typing(op: 'start' | 'stop'): void {
    const narrow = this.narrow;
    if (!narrow || (narrow.kind === 'channel' && this.topic.trim() === '')) return;
    const to = composeTarget(narrow, this.topic.trim());
    if (!to) return;
    this.bridge.call('typing:set', { accountId: this.accountId, to, op }).catch((error: unknown) => {
      // A lost typing notice only means others do not see the indicator; not worth interrupting.
      this.bridge.send('log:error', { message: `typing:set failed: ${describe(error)}` });
    });
  }

  private stopTyping(): void {
    if (!this.typingNow) return;
    this.typingNow = false;
    this.typing('stop');
  }
}
