import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, ViewHistory, type Place } from './viewHistory';

const topic = (name: string): Place => ({
  screen: { kind: 'narrow' },
  narrow: { kind: 'topic', channelId: 1, topic: name },
  query: null,
});
const inbox: Place = { screen: { kind: 'inbox' }, narrow: null, query: null };
const search = (query: string): Place => ({ screen: { kind: 'search', title: 'Search results' }, narrow: null, query });

describe('ViewHistory', () => {
  it('goes back and forward through the views visited', () => {
    const h = new ViewHistory();
    h.visit(inbox);
    h.visit(topic('a'));
    h.visit(search('lunch'));
    expect(h.back()).toEqual(topic('a'));
    expect(h.back()).toEqual(inbox);
    expect(h.back()).toBeNull();
    expect(h.forward()).toEqual(topic('a'));
    expect(h.forward()).toEqual(search('lunch'));
    expect(h.forward()).toBeNull();
  });

  it('does not count the same view twice, and a new view after going back drops the ones ahead', () => {
    const h = new ViewHistory();
    h.visit(inbox);
    h.visit(topic('a'));
    h.visit(topic('a'));
    expect(h.back()).toEqual(inbox);
    h.visit(search('x'));
    expect(h.forward()).toBeNull();
    expect(h.back()).toEqual(inbox);
    expect(h.back()).toBeNull();
  });

  it('tells searches and conversations apart by what they hold', () => {
    const h = new ViewHistory();
    h.visit(search('one'));
    h.visit(search('two'));
    h.visit(topic('a'));
    h.visit(topic('b'));
    expect(h.back()).toEqual(topic('a'));
    expect(h.back()).toEqual(search('two'));
    expect(h.back()).toEqual(search('one'));
  });

  it(`keeps the last ${HISTORY_LIMIT} views`, () => {
    const h = new ViewHistory();
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) h.visit(topic(String(i)));
    let steps = 0;
    while (h.back()) steps++;
    expect(steps).toBe(HISTORY_LIMIT - 1);
  });
});
