/** How the core pushes an event toward the renderer; the accounts emit through it, the transports carry it. */
import type { EventName, Events } from '../common/ipc/contract';

export type EventListener = <N extends EventName>(name: N, payload: Events[N]) => void;
