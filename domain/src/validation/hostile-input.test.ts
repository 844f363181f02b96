import { z } from 'zod';
import * as domain from '../index';

// zod's default (English) messages all contain one of these words.
const ENGLISH = /Invalid|expected|received|Too big|Too small|Unrecognized|must|should/;

const HOSTILE_VALUES: unknown[] = [
  undefined,
  null,
  42,
  Number.NaN,
  true,
  '',
  'x',
  [],
  [{}],
  { $gt: '' },
  { $ne: null },
  'x'.repeat(100_000),
];

const schemas = Object.entries(domain as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => entry[0].endsWith('Schema') && entry[1] instanceof z.ZodType,
);

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : null;
}

describe('every schema, given hostile input', () => {
  it('is exported under a name ending in Schema (at least the ones the brief names)', () => {
    const names = schemas.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'passwordSchema',
        'emailSchema',
        'phoneSchema',
        'loginSchema',
        'registerSchema',
        'fastRegisterSchema',
        'forgotSchema',
        'verifyResetTokenSchema',
        'resetPasswordSchema',
        'organisationCreateSchema',
        'invitationCreateSchema',
        'importTitleSchema',
        'newOpportunitySchema',
        'contractualSchema',
        'prospectInfoSchema',
        'commentSchema',
        'chatMessageSchema',
        'waitingDateSchema',
        'licenceCountSchema',
        'objectIdSchema',
        'tokenSchema',
      ]),
    );
  });

  it.each(schemas)('%s answers in French, never in English, and never throws', (_name, schema) => {
    const shape = shapeOf(schema);
    const inputs: unknown[] = [...HOSTILE_VALUES];
    if (shape) {
      for (const key of Object.keys(shape)) {
        for (const value of HOSTILE_VALUES) inputs.push({ [key]: value });
        inputs.push({ [key]: [{ title: { $gt: '' }, value: 1, civilite: [], mail: {} }] });
      }
    }
    for (const input of inputs) {
      for (const message of messagesOf(schema, input)) {
        expect(message).not.toMatch(ENGLISH);
        expect(message.length).toBeGreaterThan(0);
      }
    }
  });

  it.each(schemas.filter(([, schema]) => shapeOf(schema)))(
    '%s refuses an operator object in place of any string or number field',
    (_name, schema) => {
      const shape = shapeOf(schema) ?? {};
      for (const key of Object.keys(shape)) {
        const result = schema.safeParse({ [key]: { $gt: '' } });
        expect(result.success).toBe(false);
        expect(result.error?.issues.some((issue) => issue.path[0] === key)).toBe(true);
      }
    },
  );
});
