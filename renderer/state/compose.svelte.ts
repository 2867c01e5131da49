/**
 * The compose box of the open narrow: text, topic (asked for only in a channel narrow) and
 * the error of the last attempt. The text survives a failed send so nothing typed is lost.
 */
import type { Narrow } from '../../common/model';
import type { BridgeClient } from '../lib/bridge';
import { errorText } from '../lib/errors';
import { composeTarget } from '../lib/narrow';

export class ComposeState {
  narrow = $state.raw<Narrow | null>(null);
  content = $state('');
  topic = $state('');
  sending = $state(false);
  error = $state<string | null>(null);

  /** Only a channel narrow leaves the topic to the user; topic and DM narrows fix it. */
  readonly needsTopic: boolean = $derived(this.narrow?.kind === 'channel');
  readonly canSend: boolean = $derived(
    !this.sending && this.content.trim() !== '' && (!this.needsTopic || this.topic.trim() !== ''),
  );

  constructor(
    private readonly bridge: BridgeClient,
    private readonly accountId: string,
  ) {}

  /** Points compose at a narrow; a draft typed for another narrow is cleared, not sent there. */
  setNarrow(narrow: Narrow | null): void {
    this.narrow = narrow;
    this.content = '';
    this.topic = '';
    this.error = null;
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
    const topic = this.topic.trim();
    if (this.needsTopic && topic === '') {
      this.error = 'Enter a topic for this message.';
      return null;
    }
    this.sending = true;
    this.error = null;
    try {
      const to = composeTarget(narrow, topic);
      const { localId } = await this.bridge.call('compose:send', { accountId: this.accountId, to, content });
      // Only clear what was sent: the user may have kept typing while the call was on its way.
      if (this.content === content) this.content = '';
      return localId;
    } catch (error) {
      this.error = errorText(error);
      return null;
    } finally {
      this.sending = false;
    }
  }
}
