/**
 * Push failures a person may need to hear about. Each has a stable code for the UI and a message
 * written for the user; none ever contains a token, a key or a notification's content.
 */

export type PushErrorCode =
  /** The server's bouncer no longer accepts the bouncer key baked into this build. */
  | 'update-app'
  /** The bouncer kept calling our registration stale even when freshly made: likely a wrong clock. */
  | 'registration-expired'
  /** The push secret in the keychain cannot be read back as a key. */
  | 'corrupt-key'
  /** The platform handed us a token the API would refuse. */
  | 'invalid-token'
  /** A bouncer public key that is not 32 bytes of standard base64. */
  | 'invalid-bouncer-key'
  /** A pushed notification that is not ours, not decryptable or not in the documented format. */
  | 'bad-notification'
  /** The bouncer refused the registration for a reason we have no special handling for. */
  | 'registration-failed';

export class PushError extends Error {
  override readonly name = 'PushError';

  constructor(
    readonly code: PushErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The words shown when the bouncer rejects our baked-in key (API error INVALID_BOUNCER_PUBLIC_KEY). */
export const UPDATE_APP_MESSAGE =
  'Push notifications need a newer version of Parley: this version uses a notification key the server no longer accepts. Update the app to get notifications again.';
