import { badNarrow, badRequest } from '../http/errors';

export type Operand = string | number | number[];

export interface NarrowTerm {
  operator: string;
  operand: Operand;
  negated: boolean;
}

/** Legacy operator names and the current names they mean. */
const ALIASES: Readonly<Record<string, string>> = {
  stream: 'channel',
  streams: 'channels',
  subject: 'topic',
  'pm-with': 'dm',
  'group-pm-with': 'dm-including',
};

export const OPERATORS = new Set([
  'channel',
  'channels',
  'topic',
  'dm',
  'dm-including',
  'sender',
  'is',
  'has',
  'search',
  'id',
  'near',
  'with',
]);

/**
 * Parses GET /messages' `narrow`: a JSON list whose items are {operator, operand, negated?} objects
 * or legacy [operator, operand] pairs. Legacy operator names are mapped to current ones.
 */
export function parseNarrow(value: unknown): NarrowTerm[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw badRequest('narrow is not a list');
  return value.map((item, index) => {
    let term: NarrowTerm;
    if (Array.isArray(item)) {
      if (item.length !== 2 || typeof item[0] !== 'string' || typeof item[1] !== 'string') {
        throw badRequest(`narrow[${index}] is not a valid narrow element`);
      }
      term = { operator: item[0], operand: item[1], negated: false };
    } else if (typeof item === 'object' && item !== null) {
      const { operator, operand, negated } = item as Record<string, unknown>;
      if (
        typeof operator !== 'string' ||
        !isOperand(operand) ||
        (negated !== undefined && typeof negated !== 'boolean')
      ) {
        throw badRequest(`narrow[${index}] is not a valid narrow element`);
      }
      term = { operator, operand, negated: negated === true };
    } else {
      throw badRequest(`narrow[${index}] is not a valid narrow element`);
    }
    term.operator = ALIASES[term.operator] ?? term.operator;
    if (!OPERATORS.has(term.operator)) throw badNarrow('unknown operator');
    return term;
  });
}

function isOperand(value: unknown): value is Operand {
  if (typeof value === 'string') return true;
  if (typeof value === 'number') return Number.isSafeInteger(value);
  return Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isSafeInteger(v));
}
