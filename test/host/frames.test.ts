import { describe, expect, it } from 'vitest';
import { parseClientFrame } from '../../main/host/frames';

describe('parseClientFrame', () => {
  it('reads a call frame', () => {
    expect(parseClientFrame('{"t":"call","id":7,"name":"app:state","args":{}}')).toEqual({
      kind: 'call',
      id: 7,
      name: 'app:state',
      args: {},
    });
  });

  it('reads a send frame with a known name', () => {
    expect(parseClientFrame('{"t":"send","name":"log:error","payload":{"message":"boom"}}')).toEqual({
      kind: 'send',
      name: 'log:error',
      payload: { message: 'boom' },
    });
  });

  it('refuses text that is not JSON, without an id to answer', () => {
    expect(parseClientFrame('{"t":"call",')).toEqual({
      kind: 'invalid',
      id: null,
      message: 'The frame is not valid JSON.',
    });
  });

  it('keeps the id of a broken call so the page can be answered', () => {
    const frame = parseClientFrame('{"t":"call","id":3,"name":42}');
    expect(frame).toMatchObject({ kind: 'invalid', id: 3 });
  });

  it('refuses bad ids, unknown frame types and unknown sends', () => {
    for (const text of [
      '{"t":"call","id":-1,"name":"app:state"}',
      '{"t":"call","id":1.5,"name":"app:state"}',
      '{"t":"call","id":"1","name":"app:state"}',
      '{"t":"result","id":1}',
      '{"t":"send","name":"shell:exec","payload":{}}',
      '[]',
      'null',
      '"call"',
    ]) {
      const frame = parseClientFrame(text);
      expect(frame.kind, text).toBe('invalid');
      if (frame.kind === 'invalid') expect(frame.message.length, text).toBeGreaterThan(0);
    }
  });
});
