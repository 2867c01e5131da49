/**
 * One page's WebSocket to the core: ClientFrames in, ServerFrames out (those of one turn of the
 * event loop in one message, frame-batcher.ts). Nothing the page sends
 * can end the connection or the process; bad frames are answered when they carry a call id and
 * logged either way.
 */
import type { WebSocket } from 'ws';
import type { IpcResult, Sends } from '../../common/ipc/contract';
import type { SingleServerFrame } from '../../common/ipc/wire';
import { createFrameBatcher } from './frame-batcher';
import type { Core } from '../ipc/types';
import { parseClientFrame } from './frames';
import { rawToText } from './hello';
import type { Logger } from '../log';

export function attachBridgeConnection(socket: WebSocket, core: Core, log: Logger): void {
  const batcher = createFrameBatcher((text) => {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(text, (error) => {
      if (error) log.warn('could not send a frame', { error: error.message });
    });
  });
  const push = (frame: SingleServerFrame): void => batcher.push(frame);

  const unsubscribe = core.subscribe((name, payload) => push({ t: 'event', name, payload }));
  socket.on('close', unsubscribe);
  socket.on('error', (error) => log.warn('socket error', { error: error.message }));

  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      log.warn('binary frame ignored');
      return;
    }
    const frame = parseClientFrame(rawToText(data));
    switch (frame.kind) {
      case 'call':
        void core
          .dispatch(frame.name, frame.args)
          .catch((error: unknown): IpcResult<unknown> => {
            // The core promises never to throw; if it does anyway the page still gets an answer.
            log.error('dispatch threw', { call: frame.name, error: String(error) });
            return { ok: false, error: { code: 'INTERNAL', message: 'Something went wrong inside Parley.' } };
          })
          .then((result) => push({ t: 'result', id: frame.id, result }));
        return;
      case 'send':
        try {
          core.receive(frame.name, frame.payload as Sends[typeof frame.name]);
        } catch (error) {
          log.error('receive threw', { send: frame.name, error: String(error) });
        }
        return;
      case 'invalid':
        log.warn('malformed frame', { reason: frame.message });
        if (frame.id !== null) {
          push({
            t: 'result',
            id: frame.id,
            result: { ok: false, error: { code: 'INVALID_ARGUMENT', message: frame.message } },
          });
        }
        return;
    }
  });
}
