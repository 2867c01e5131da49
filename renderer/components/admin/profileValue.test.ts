import { describe, expect, it } from 'vitest';
import type { ProfileFieldView } from '../../../common/model';
import { profileValueHtml, profileValueText } from './profileValue';

function field(type: number, fieldData: Record<string, unknown> = {}): ProfileFieldView {
  return {
    id: 1,
    type,
    name: 'F',
    hint: '',
    fieldData,
    displayInProfileSummary: false,
    required: false,
    editableByUser: true,
  };
}
const names = new Map([[7, 'Ada Lovelace']]);
const nameOf = (id: number): string | undefined => names.get(id);

describe('profileValueText', () => {
  it("reads a choice's text instead of its key", () => {
    const office = field(3, { berlin: { text: 'Berlin', order: '1' } });
    expect(profileValueText(office, 'berlin', nameOf)).toBe('Berlin');
    // A key the field no longer has stays visible rather than vanishing.
    expect(profileValueText(office, 'gone', nameOf)).toBe('gone');
  });

  it('names the people of a person field', () => {
    expect(profileValueText(field(6), '[7, 9]', nameOf)).toBe('Ada Lovelace, Unknown user (9)');
    expect(profileValueText(field(6), 'not json', nameOf)).toBe('not json');
  });

  it('leaves other values as they are', () => {
    expect(profileValueText(field(1), '[7]', nameOf)).toBe('[7]');
  });
});

describe('profileValueHtml', () => {
  it("offers the server's rendering of a text field, and none for a choice, a person or a bare value", () => {
    const rendered = { value: '**hi**', renderedValue: '<p><strong>hi</strong></p>' };
    expect(profileValueHtml(field(2), rendered)).toBe('<p><strong>hi</strong></p>');
    expect(profileValueHtml(field(1), rendered)).toBe('<p><strong>hi</strong></p>');
    expect(profileValueHtml(field(2), { value: '**hi**' })).toBeNull();
    expect(profileValueHtml(field(3), rendered)).toBeNull();
    expect(profileValueHtml(field(6), rendered)).toBeNull();
  });
});

describe('profileValueHtml for a Link field', () => {
  it('shows the address as a link to it', () => {
    expect(profileValueHtml(field(5), { value: 'https://ada.example/about?a=1&b=2' })).toBe(
      '<a href="https://ada.example/about?a=1&#38;b=2">https://ada.example/about?a=1&#38;b=2</a>',
    );
  });

  it('leaves anything but a web address as text, and never lets it become markup', () => {
    expect(profileValueHtml(field(5), { value: 'javascript:alert(1)' })).toBeNull();
    expect(profileValueHtml(field(5), { value: 'https://x.example/"><img src=x>' })).not.toContain('<img');
  });
});
