import { expect, it } from 'vitest';
import { parsePortArg } from '../../main/host/port-arg';

it('reads ports, with absent meaning any free port', () => {
  expect(parsePortArg(undefined)).toBe(0);
  expect(parsePortArg('0')).toBe(0);
  expect(parsePortArg('9911')).toBe(9911);
});

it('refuses what is not a port, naming the flag', () => {
  for (const text of ['', ' ', 'abc', '-1', '65536', '80.5', '0x50x']) {
    expect(() => parsePortArg(text, '--host-port'), text).toThrow(/^--host-port must be a whole number/);
  }
});
