// One contract for both engines: the embedded store always, MongoDB when MONGODB_URI is set.
import { shapeOf } from './doc-shape';
import { DuplicateKeyError, UnsupportedOperatorError } from './errors';
import { isObjectIdHex } from './ids';
import { openMongoStore } from './mongo-store';
import { openMemorySqliteStore } from './sqlite-store';
import type { Collection, Store } from './types';

type Person = {
  _id: string;
  name: string;
  age: number;
  tags: string[];
  address?: { city: string; zip: string };
  organisationId: string;
  deletedAt?: number;
};

type Engine = { label: string; open: () => Promise<Store> };

const engines: Engine[] = [{ label: 'SQLite (mémoire)', open: async () => openMemorySqliteStore() }];

const mongoUri = process.env.MONGODB_URI;
if (mongoUri) {
  engines.push({
    label: 'MongoDB',
    open: () => openMongoStore(mongoUri, `contract_${process.pid}_${Date.now()}`),
  });
} else {
  console.info(
    'Contrat des collections : MongoDB ignoré, MONGODB_URI n’est pas défini (seul SQLite est testé).',
  );
}

const people = (): Omit<Person, '_id'>[] => [
  {
    name: 'Alice',
    age: 31,
    tags: ['admin', 'paris'],
    address: { city: 'Paris', zip: '75001' },
    organisationId: 'o1',
  },
  { name: 'Bruno', age: 25, tags: ['lyon'], address: { city: 'Lyon', zip: '69001' }, organisationId: 'o1' },
  { name: 'Chloé', age: 42, tags: [], organisationId: 'o2' },
  { name: 'David', age: 25, tags: ['paris'], address: { city: 'Paris', zip: '75011' }, organisationId: 'o2' },
];

describe.each(engines)('collection contract on $label', ({ open }) => {
  let store: Store;
  let col: Collection<Person>;

  beforeAll(async () => {
    store = await open();
  });

  afterAll(async () => {
    await store.dropAll();
    await store.close();
  });

  beforeEach(async () => {
    await store.dropAll();
    col = store.collection<Person>('people');
    await col.insertMany(people());
  });

  const names = (docs: Person[]) => docs.map((doc) => doc.name);

  describe('ids', () => {
    it('generates ObjectId hex strings stored as _id', async () => {
      const { insertedId } = await col.insertOne({ name: 'Eve', age: 20, tags: [], organisationId: 'o1' });
      expect(isObjectIdHex(insertedId)).toBe(true);
      const found = await col.findOne({ _id: insertedId });
      expect(found?._id).toBe(insertedId);
      expect(typeof found?._id).toBe('string');
    });

    it('keeps an _id given by the caller and does not mutate the inserted object', async () => {
      const doc = { name: 'Eve', age: 20, tags: [], organisationId: 'o1' };
      await col.insertOne({ ...doc, _id: '0123456789abcdef01234567' });
      await col.insertOne(doc);
      expect(doc).not.toHaveProperty('_id');
      expect((await col.findOne({ _id: '0123456789abcdef01234567' }))?.name).toBe('Eve');
    });

    it('insertMany returns the ids in order', async () => {
      const { insertedIds, insertedCount } = await col.insertMany([
        { name: 'X', age: 1, tags: [], organisationId: 'o3' },
        { name: 'Y', age: 2, tags: [], organisationId: 'o3' },
      ]);
      expect(insertedCount).toBe(2);
      const found = await Promise.all(insertedIds.map((id) => col.findOne({ _id: id })));
      expect(found.map((doc) => doc?.name)).toEqual(['X', 'Y']);
    });

    it('insertSerialised stores JSON texts with fresh ids; their shape drives array and scalar conditions', async () => {
      const docs = [
        { name: 'Xavier', age: 7, tags: ['lille'], organisationId: 'o4' },
        { name: 'Yasmine', age: 70, tags: ['nice', 'lille'], organisationId: 'o4', flag: true },
      ];
      const { insertedIds, insertedCount } = await col.insertSerialised(
        docs.map((doc) => JSON.stringify(doc)),
        shapeOf(docs),
      );
      expect(insertedCount).toBe(2);
      expect(insertedIds.every(isObjectIdHex)).toBe(true);
      const found = await col.find({ organisationId: 'o4' }, { sort: { age: 1 } });
      expect(found.map((doc) => doc._id)).toEqual(insertedIds);
      expect(found.map(({ _id, ...rest }) => rest)).toEqual(docs);
      // Through the shape alone: the array path, the numeric range and the boolean.
      expect(names(await col.find({ tags: 'lille', age: { $gt: 10 } }))).toEqual(['Yasmine']);
      expect(names(await col.find({ organisationId: 'o4', flag: { $ne: true } } as never))).toEqual([
        'Xavier',
      ]);
      expect((await col.insertSerialised([], shapeOf([]))).insertedCount).toBe(0);
    });
  });

  describe('queries', () => {
    it('findOne returns null when nothing matches', async () => {
      expect(await col.findOne({ name: 'Zoé' })).toBeNull();
    });

    it('matches equality, comparison, $in, $nin, $ne and $exists', async () => {
      expect(names(await col.find({ age: 25 }, { sort: { name: 1 } }))).toEqual(['Bruno', 'David']);
      expect(names(await col.find({ age: { $gt: 25, $lte: 42 } }, { sort: { name: 1 } }))).toEqual([
        'Alice',
        'Chloé',
      ]);
      expect(names(await col.find({ name: { $in: ['Alice', 'Zoé'] } }))).toEqual(['Alice']);
      expect(names(await col.find({ name: { $nin: ['Alice', 'Bruno'] } }, { sort: { name: 1 } }))).toEqual([
        'Chloé',
        'David',
      ]);
      expect(names(await col.find({ organisationId: { $ne: 'o1' } }, { sort: { name: 1 } }))).toEqual([
        'Chloé',
        'David',
      ]);
      expect(names(await col.find({ address: { $exists: false } }))).toEqual(['Chloé']);
    });

    it('matches array elements, $size, dot paths, $regex, $or and $and', async () => {
      expect(names(await col.find({ tags: 'paris' }, { sort: { name: 1 } }))).toEqual(['Alice', 'David']);
      expect(names(await col.find({ tags: { $size: 0 } }))).toEqual(['Chloé']);
      expect(names(await col.find({ 'address.city': 'Paris' }, { sort: { name: -1 } }))).toEqual([
        'David',
        'Alice',
      ]);
      expect(names(await col.find({ name: { $regex: /^b/i } }))).toEqual(['Bruno']);
      expect(names(await col.find({ $or: [{ age: 42 }, { name: 'Bruno' }] }, { sort: { name: 1 } }))).toEqual(
        ['Bruno', 'Chloé'],
      );
      expect(names(await col.find({ $and: [{ age: 25 }, { organisationId: 'o2' }] }))).toEqual(['David']);
    });

    it('sorts on several keys, skips and limits', async () => {
      const sorted = await col.find({}, { sort: { age: 1, name: -1 } });
      expect(names(sorted)).toEqual(['David', 'Bruno', 'Alice', 'Chloé']);
      expect(names(await col.find({}, { sort: { age: 1, name: -1 }, skip: 1, limit: 2 }))).toEqual([
        'Bruno',
        'Alice',
      ]);
      expect(await col.find({}, { sort: { name: 1 }, skip: 10 })).toEqual([]);
    });

    it('projects fields, always keeping _id', async () => {
      const [doc] = await col.find({ name: 'Alice' }, { projection: { name: 1 } });
      expect(Object.keys(doc ?? {}).sort()).toEqual(['_id', 'name']);
      const excluded = await col.findOne({ name: 'Alice' }, { projection: { tags: 0, address: 0 } });
      expect(excluded).not.toHaveProperty('tags');
      expect(excluded?.age).toBe(31);
    });

    it('counts documents', async () => {
      expect(await col.countDocuments()).toBe(4);
      expect(await col.countDocuments({ organisationId: 'o1' })).toBe(2);
      expect(await col.countDocuments({ organisationId: 'none' })).toBe(0);
    });

    it('returns copies: changing a result does not change the store', async () => {
      const doc = await col.findOne({ name: 'Alice' });
      doc?.tags.push('mutated');
      expect((await col.findOne({ name: 'Alice' }))?.tags).toEqual(['admin', 'paris']);
    });
  });

  describe('updates', () => {
    it('$set, $unset and $inc on the first match only with updateOne', async () => {
      const result = await col.updateOne({ age: 25 }, { $set: { 'address.city': 'Nice' }, $inc: { age: 1 } });
      expect(result.matchedCount).toBe(1);
      expect(await col.countDocuments({ age: 26 })).toBe(1);
      await col.updateOne({ name: 'Alice' }, { $unset: { address: true } });
      expect((await col.findOne({ name: 'Alice' }))?.address).toBeUndefined();
    });

    it('updateEach applies each update to one document, in order, and counts the matched ones', async () => {
      const result = await col.updateEach([
        { filter: { organisationId: 'o1' }, update: { $set: { deletedAt: 7 } } },
        { filter: { organisationId: 'none' }, update: { $set: { deletedAt: 8 } } },
        { filter: { organisationId: 'o1', deletedAt: 7 }, update: { $set: { deletedAt: 9 } } },
      ]);
      expect(result.matchedCount).toBe(2);
      expect(await col.countDocuments({ deletedAt: 9 })).toBe(1);
      expect(await col.countDocuments({ deletedAt: 8 })).toBe(0);
      expect((await col.updateEach([])).matchedCount).toBe(0);
    });

    it('updateMany reports every matched document', async () => {
      expect((await col.updateMany({ organisationId: 'o1' }, { $set: { deletedAt: 5 } })).matchedCount).toBe(
        2,
      );
      expect(await col.countDocuments({ deletedAt: 5 })).toBe(2);
      expect(
        (await col.updateMany({ organisationId: 'none' }, { $set: { deletedAt: 5 } })).matchedCount,
      ).toBe(0);
    });

    it('$push (one or $each), $addToSet and $pull (value or $in) on arrays', async () => {
      await col.updateOne({ name: 'Chloé' }, { $push: { tags: 'a' } });
      await col.updateOne({ name: 'Chloé' }, { $push: { tags: { $each: ['b', 'c'] } } });
      await col.updateOne({ name: 'Chloé' }, { $addToSet: { tags: 'a' } });
      expect((await col.findOne({ name: 'Chloé' }))?.tags).toEqual(['a', 'b', 'c']);
      await col.updateOne({ name: 'Chloé' }, { $pull: { tags: 'b' } });
      expect((await col.findOne({ name: 'Chloé' }))?.tags).toEqual(['a', 'c']);
      await col.updateOne({ name: 'Chloé' }, { $pull: { tags: { $in: ['a', 'c'] } } });
      expect((await col.findOne({ name: 'Chloé' }))?.tags).toEqual([]);
    });

    it('a conditional update is a compare-and-set: only the first of two consumers matches', async () => {
      const first = await col.updateOne(
        { name: 'Alice', deletedAt: { $exists: false } },
        { $set: { deletedAt: 1 } },
      );
      const second = await col.updateOne(
        { name: 'Alice', deletedAt: { $exists: false } },
        { $set: { deletedAt: 2 } },
      );
      expect([first.matchedCount, second.matchedCount]).toEqual([1, 0]);
      expect((await col.findOne({ name: 'Alice' }))?.deletedAt).toBe(1);
    });
  });

  describe('runInTransaction', () => {
    it('keeps every write of the work, and answers what the work returns', async () => {
      const answer = await store.runInTransaction(async () => {
        await col.insertOne({ name: 'Eve', age: 20, tags: [], organisationId: 'o3' });
        await col.updateOne({ name: 'Alice' }, { $set: { organisationId: 'o3' } });
        await col.deleteOne({ name: 'Chloé' });
        return 'fait';
      });
      expect(answer).toBe('fait');
      expect(names(await col.find({ organisationId: 'o3' }, { sort: { name: 1 } }))).toEqual([
        'Alice',
        'Eve',
      ]);
      expect(await col.findOne({ name: 'Chloé' })).toBeNull();
    });

    it('joins a transaction already open when called inside it', async () => {
      await store.runInTransaction(async () => {
        await col.insertOne({ name: 'Eve', age: 20, tags: [], organisationId: 'o3' });
        await store.runInTransaction(() =>
          col.insertOne({ name: 'Fanny', age: 20, tags: [], organisationId: 'o3' }),
        );
      });
      expect(await col.countDocuments({ organisationId: 'o3' })).toBe(2);
    });
  });

  describe('deletes', () => {
    it('deleteOne removes one match, deleteMany all', async () => {
      expect((await col.deleteOne({ age: 25 })).deletedCount).toBe(1);
      expect(await col.countDocuments({ age: 25 })).toBe(1);
      expect((await col.deleteMany({ organisationId: { $in: ['o1', 'o2'] } })).deletedCount).toBe(3);
      expect(await col.countDocuments()).toBe(0);
      expect((await col.deleteOne({ name: 'nobody' })).deletedCount).toBe(0);
    });
  });

  describe('unique indexes', () => {
    it('refuses a duplicate on insert and on update with DuplicateKeyError, idempotently created', async () => {
      await col.createIndex({ name: 1 }, { unique: true });
      await col.createIndex({ name: 1 }, { unique: true });
      await expect(
        col.insertOne({ name: 'Alice', age: 1, tags: [], organisationId: 'o9' }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(col.updateOne({ name: 'Bruno' }, { $set: { name: 'Alice' } })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      await expect(
        col.insertMany([
          { name: 'New', age: 1, tags: [], organisationId: 'o9' },
          { name: 'New', age: 1, tags: [], organisationId: 'o9' },
        ]),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await col.countDocuments({ name: 'Alice' })).toBe(1);
    });

    it('compound unique indexes refuse only the same combination', async () => {
      await col.createIndex({ organisationId: 1, age: 1 }, { unique: true });
      await col.insertOne({ name: 'Other', age: 25, tags: [], organisationId: 'o3' });
      await expect(
        col.insertOne({ name: 'Dup', age: 25, tags: [], organisationId: 'o1' }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
    });

    it('sparse unique indexes ignore documents without the field', async () => {
      await col.createIndex({ deletedAt: 1 }, { unique: true, sparse: true });
      await col.insertOne({ name: 'NoField', age: 1, tags: [], organisationId: 'o3' });
      await col.insertOne({ name: 'WithField', age: 1, tags: [], organisationId: 'o3', deletedAt: 7 });
      await expect(
        col.insertOne({ name: 'Again', age: 1, tags: [], organisationId: 'o3', deletedAt: 7 }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
    });

    it('refuses to create a unique index over existing duplicates', async () => {
      await expect(col.createIndex({ age: 1 }, { unique: true })).rejects.toBeInstanceOf(DuplicateKeyError);
    });
  });

  describe('corners of the translation', () => {
    type Thing = {
      _id: string;
      label: string;
      value?: unknown;
      list?: unknown[];
      contacts?: { name: string; phone?: string }[];
      flag?: boolean;
    };
    let things: Collection<Thing>;

    beforeEach(async () => {
      things = store.collection<Thing>('things');
      await things.insertMany([
        { label: 'missing' },
        { label: 'null', value: null },
        { label: 'zero', value: 0 },
        { label: 'one', value: 1 },
        { label: 'true', value: true },
        { label: 'text', value: 'abc' },
        { label: 'json-looking', value: '["x"]' },
        { label: 'array', value: ['x'] },
        { label: 'accent', value: 'Élodie' },
        { label: 'lower', value: 'élodie' },
        { label: 'z', value: 'zoé' },
      ]);
    });

    const labels = (docs: Thing[]) => docs.map((doc) => doc.label).sort();

    it('null matches a missing field and an explicit null; $ne: null and $exists tell them apart', async () => {
      expect(labels(await things.find({ value: null }))).toEqual(['missing', 'null']);
      expect(await things.countDocuments({ value: { $ne: null } })).toBe(9);
      expect(labels(await things.find({ value: { $exists: false } }))).toEqual(['missing']);
      expect(await things.countDocuments({ value: { $exists: true } })).toBe(10);
      expect(labels(await things.find({ value: { $in: [null, 0] } }))).toEqual(['missing', 'null', 'zero']);
    });

    it('numbers, booleans and strings never equal each other', async () => {
      expect(labels(await things.find({ value: 1 }))).toEqual(['one']);
      expect(labels(await things.find({ value: true }))).toEqual(['true']);
      expect(labels(await things.find({ value: { $gte: 0 } }))).toEqual(['one', 'zero']);
      // '["x"]' sorts before 'a'; the array matches through its element 'x'; 'É' is after 'a'.
      expect(labels(await things.find({ value: { $gt: 'a' } }))).toEqual([
        'accent',
        'array',
        'lower',
        'text',
        'z',
      ]);
      expect(labels(await things.find({ value: '["x"]' }))).toEqual(['json-looking']);
      expect(labels(await things.find({ value: { $in: ['["x"]', 1] } }))).toEqual(['json-looking', 'one']);
    });

    it('a field that held only booleans, or numbers and text, compares as well; a later value of another type is told apart', async () => {
      const flags = store.collection<Thing>('flags');
      await flags.insertMany([
        { label: 'private', flag: true },
        { label: 'public', flag: false },
        { label: 'unset' },
        { label: 'small', value: 3 },
        { label: 'large', value: 300 },
        { label: 'text', value: '5' },
      ]);
      expect(labels(await flags.find({ flag: { $ne: true } }))).toEqual([
        'large',
        'public',
        'small',
        'text',
        'unset',
      ]);
      expect(labels(await flags.find({ flag: true }))).toEqual(['private']);
      expect(labels(await flags.find({ flag: { $in: [false, null] } }))).toEqual([
        'large',
        'public',
        'small',
        'text',
        'unset',
      ]);
      // SQLite orders text after numbers: a numeric comparison keeps numbers only.
      expect(labels(await flags.find({ value: { $lt: 100 } }))).toEqual(['small']);
      expect(labels(await flags.find({ value: { $gt: 100 } }))).toEqual(['large']);
      expect(labels(await flags.find({ value: 5 }))).toEqual([]);
      // A number where only booleans were, a boolean where only numbers were.
      await flags.insertMany([
        { label: 'one', flag: 1 as unknown as boolean },
        { label: 'yes', value: true },
      ]);
      expect(labels(await flags.find({ flag: true }))).toEqual(['private']);
      expect(labels(await flags.find({ flag: 1 as unknown as boolean }))).toEqual(['one']);
      expect(labels(await flags.find({ value: { $gte: 1, $lt: 100 } }))).toEqual(['small']);
      expect(labels(await flags.find({ value: 1 }))).toEqual([]);
      expect(labels(await flags.find({ value: true }))).toEqual(['yes']);
      // Through an update too.
      await flags.updateOne({ label: 'public' }, { $set: { flag: 0 as unknown as boolean } });
      expect(labels(await flags.find({ flag: false }))).toEqual([]);
      expect(labels(await flags.find({ flag: 0 as unknown as boolean }))).toEqual(['public']);
    });

    it('a scalar condition also matches array elements; $ne and $nin exclude arrays holding the value', async () => {
      expect(labels(await things.find({ value: 'x' }))).toEqual(['array']);
      expect(labels(await things.find({ value: ['x'] }))).toEqual(['array']);
      expect(labels(await things.find({ value: { $in: ['x', 'abc'] } }))).toEqual(['array', 'text']);
      expect(await things.countDocuments({ value: { $ne: 'x' } })).toBe(10);
      expect(await things.countDocuments({ value: { $nin: ['x', 'abc'] } })).toBe(9);
    });

    it('dot paths reach into arrays of objects; $elemMatch tests one element', async () => {
      await things.insertMany([
        { label: 'team', contacts: [{ name: 'Ana', phone: '0102' }, { name: 'Ben' }] },
        { label: 'solo', contacts: [{ name: 'Ana' }] },
      ]);
      expect(labels(await things.find({ 'contacts.name': 'Ben' }))).toEqual(['team']);
      expect(labels(await things.find({ 'contacts.phone': { $exists: true } }))).toEqual(['team']);
      expect(labels(await things.find({ contacts: { $elemMatch: { name: 'Ana', phone: '0102' } } }))).toEqual(
        ['team'],
      );
      expect(
        labels(await things.find({ 'contacts.name': { $ne: 'Ben' }, contacts: { $exists: true } })),
      ).toEqual(['solo']);
      await things.insertOne({ label: 'scores', list: [3, 12] });
      expect(labels(await things.find({ list: { $elemMatch: { $gt: 10 } } }))).toEqual(['scores']);
      expect(await things.countDocuments({ list: { $elemMatch: { $gt: 20 } } })).toBe(0);
    });

    it('sorts missing and null first, then numbers, then strings by code point (accents after z)', async () => {
      const sorted = await things.find(
        { label: { $in: ['missing', 'zero', 'one', 'text', 'accent', 'lower', 'z'] } },
        { sort: { value: 1 } },
      );
      expect(sorted.map((doc) => doc.label).slice(0, 1)).toEqual(['missing']);
      expect(sorted.map((doc) => doc.label).slice(1)).toEqual([
        'zero',
        'one',
        'text',
        'z',
        'accent',
        'lower',
      ]);
    });

    it('$regex with the i flag on accented text; never on non-strings', async () => {
      expect(labels(await things.find({ value: { $regex: /^élo/i } }))).toEqual(['accent', 'lower']);
      expect(labels(await things.find({ value: { $regex: /^élo/ } }))).toEqual(['lower']);
      expect(await things.countDocuments({ value: { $regex: /1/ } })).toBe(0);
      expect(labels(await things.find({ value: { $regex: /^x$/ } }))).toEqual(['array']);
    });

    it('$regex of an escaped literal (a search box) matches the text itself, in strings and arrays only', async () => {
      const escape = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'));
      await things.insertMany([
        { label: 'dot', value: 'société a.b (lyon) [69]' },
        { label: 'nodot', value: 'société axb' },
        { label: 'slash', value: 'x/y 50% $5 ^c' },
        { label: 'texts', value: ['rien', 'a.b'] },
      ]);
      expect(labels(await things.find({ value: { $regex: escape('a.b') } }))).toEqual(['dot', 'texts']);
      expect(labels(await things.find({ value: { $regex: /a.b/ } }))).toEqual(['dot', 'nodot', 'texts']);
      expect(labels(await things.find({ value: { $regex: escape('(lyon) [69]') } }))).toEqual(['dot']);
      expect(labels(await things.find({ value: { $regex: escape('x/y 50% $5 ^c') } }))).toEqual(['slash']);
      expect(labels(await things.find({ value: { $regex: escape('été') } }))).toEqual(['dot', 'nodot']);
      expect(await things.countDocuments({ value: { $regex: escape('1') } })).toBe(0);
    });

    it('$min, $max and $addToSet on objects; an impossible update changes nothing', async () => {
      await things.updateOne({ label: 'one' }, { $max: { value: 5 } });
      await things.updateOne({ label: 'zero' }, { $min: { value: -2 } });
      expect((await things.findOne({ label: 'one' }))?.value).toBe(5);
      expect((await things.findOne({ label: 'zero' }))?.value).toBe(-2);
      await things.updateOne({ label: 'missing' }, { $addToSet: { contacts: { name: 'Ana' } } });
      await things.updateOne({ label: 'missing' }, { $addToSet: { contacts: { name: 'Ana' } } });
      expect((await things.findOne({ label: 'missing' }))?.contacts).toEqual([{ name: 'Ana' }]);
      await expect(things.updateOne({ label: 'text' }, { $inc: { value: 1 } } as never)).rejects.toThrow();
      await expect(things.updateOne({ label: 'text' }, { $push: { value: 1 } } as never)).rejects.toThrow();
      expect((await things.findOne({ label: 'text' }))?.value).toBe('abc');
    });

    it('projects by exclusion of a sub-field; refuses a projection mixing inclusion and exclusion', async () => {
      await things.insertOne({ label: 'nested', value: { keep: 1, drop: 2 } });
      expect((await things.findOne({ label: 'nested' }, { projection: { 'value.drop': 0 } }))?.value).toEqual(
        {
          keep: 1,
        },
      );
      await expect(things.find({}, { projection: { label: 1, value: 0 } })).rejects.toBeInstanceOf(
        UnsupportedOperatorError,
      );
      const projected = await things.findOne({ label: 'true' }, { projection: { value: 1, flag: 1 } });
      expect(projected).toEqual({ _id: projected?._id, value: true });
    });
  });

  describe('operators outside the common subset', () => {
    it('refuses MongoDB-only or NeDB-only operators before reaching the engine', async () => {
      await expect(col.find({ age: { $eq: 25 } } as never)).rejects.toBeInstanceOf(UnsupportedOperatorError);
      await expect(col.find({ $where: () => true } as never)).rejects.toBeInstanceOf(
        UnsupportedOperatorError,
      );
      await expect(col.find({ $not: { age: 25 } } as never)).rejects.toBeInstanceOf(UnsupportedOperatorError);
      await expect(
        col.updateOne({ name: 'Alice' }, { $rename: { name: 'n' } } as never),
      ).rejects.toBeInstanceOf(UnsupportedOperatorError);
      await expect(col.updateOne({ name: 'Alice' }, { name: 'replaced' } as never)).rejects.toBeInstanceOf(
        UnsupportedOperatorError,
      );
      await expect(col.updateOne({ name: 'Alice' }, { $set: { _id: 'x' } } as never)).rejects.toBeInstanceOf(
        UnsupportedOperatorError,
      );
    });
  });

  describe('group (the reports’ figures, computed by the engine)', () => {
    const sorted = (rows: Record<string, unknown>[]) =>
      [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

    it('counts, sums, takes the minimum, maximum and median per key, missing keys as null', async () => {
      await col.insertOne({ name: 'Eve', age: 60, tags: [], organisationId: 'o1', deletedAt: 5 });
      const rows = await col.group(
        {},
        {
          by: { organisation: 'organisationId', city: 'address.city' },
          totals: {
            people: { $count: true },
            years: { $sum: 'age' },
            youngest: { $min: 'age' },
            oldest: { $max: 'age' },
            middle: { $median: 'age' },
          },
        },
      );
      expect(sorted(rows)).toEqual(
        sorted([
          { organisation: 'o1', city: 'Paris', people: 1, years: 31, youngest: 31, oldest: 31, middle: 31 },
          { organisation: 'o1', city: 'Lyon', people: 1, years: 25, youngest: 25, oldest: 25, middle: 25 },
          { organisation: 'o1', city: null, people: 1, years: 60, youngest: 60, oldest: 60, middle: 60 },
          { organisation: 'o2', city: null, people: 1, years: 42, youngest: 42, oldest: 42, middle: 42 },
          { organisation: 'o2', city: 'Paris', people: 1, years: 25, youngest: 25, oldest: 25, middle: 25 },
        ]),
      );
    });

    it('takes the median of an even count as the mean of the middle two, and of a difference of fields', async () => {
      await col.updateOne({ name: 'Alice' }, { $set: { deletedAt: 41 } });
      await col.updateOne({ name: 'Chloé' }, { $set: { deletedAt: 50 } });
      const [all] = await col.group({}, { by: {}, totals: { middle: { $median: 'age' } } });
      expect(all).toEqual({ middle: 28 }); // 25, 25, 31, 42
      // deletedAt - age where both are numbers: 41 - 31 = 10 and 50 - 42 = 8.
      const [gap] = await col.group({}, { by: {}, totals: { gap: { $median: ['deletedAt', 'age'] } } });
      expect(gap).toEqual({ gap: 9 });
      const [none] = await col.group(
        { organisationId: 'o1' },
        { by: { organisation: 'organisationId' }, totals: { gap: { $median: ['address.zip', 'age'] } } },
      );
      expect(none).toEqual({ organisation: 'o1', gap: null });
    });

    it('puts numbers in buckets by boundaries, null below the first, from the last on and for the rest', async () => {
      await col.insertOne({ name: 'Sans âge', tags: [], organisationId: 'o3' } as never);
      await col.insertOne({ name: 'Âge en texte', age: '30' as never, tags: [], organisationId: 'o3' });
      const rows = await col.group(
        {},
        { by: { band: { field: 'age', boundaries: [25, 31, 42] } }, totals: { people: { $count: true } } },
      );
      // 25, 25 -> 0; 31 -> 1; 42 (the last boundary), no age, '30' -> null.
      expect(sorted(rows)).toEqual(
        sorted([
          { band: 0, people: 2 },
          { band: 1, people: 1 },
          { band: null, people: 3 },
        ]),
      );
    });

    it('groups only what the filter keeps, and gives no group when nothing matches', async () => {
      const rows = await col.group(
        { age: { $gte: 30 } },
        { by: { organisation: 'organisationId' }, totals: { people: { $count: true } } },
      );
      expect(sorted(rows)).toEqual(
        sorted([
          { organisation: 'o1', people: 1 },
          { organisation: 'o2', people: 1 },
        ]),
      );
      expect(
        await col.group({ organisationId: 'none' }, { by: {}, totals: { n: { $count: true } } }),
      ).toEqual([]);
    });

    it('keeps only the documents whose numbers fall within the ranges', async () => {
      const rows = await col.group(
        {},
        {
          by: { organisation: 'organisationId' },
          totals: { people: { $count: true } },
          within: [{ field: 'age', from: 25, to: 42 }],
        },
      );
      expect(sorted(rows)).toEqual(
        sorted([
          { organisation: 'o1', people: 2 },
          { organisation: 'o2', people: 1 },
        ]),
      );
      await expect(
        col.group({}, { by: {}, totals: {}, within: [{ field: 'age', from: 5, to: 5 }] }),
      ).rejects.toBeInstanceOf(UnsupportedOperatorError);
    });

    it('computes a total over the rows its condition keeps, in the same pass as the others', async () => {
      // Text is not a number: '25' is not 25, as in MongoDB.
      await col.insertOne({ name: 'Âge en texte', age: '25' as never, tags: [], organisationId: 'o1' });
      const spec = {
        by: { organisation: 'organisationId' },
        totals: {
          people: { $count: true },
          parisians: { $count: true, if: { 'address.city': 'Paris' } },
          aged25: { $count: true, if: { age: 25 } },
          thirties: { $count: true, if: { age: { from: 30, to: 40 } } },
          parisAge: { $median: 'age', if: { 'address.city': 'Paris' } },
          youngParisYears: { $sum: 'age', if: { 'address.city': 'Paris', age: { from: 0, to: 30 } } },
        },
      } as const;
      const expected = sorted([
        {
          organisation: 'o1',
          people: 3,
          parisians: 1,
          aged25: 1,
          thirties: 1,
          parisAge: 31,
          youngParisYears: 0,
        },
        {
          organisation: 'o2',
          people: 2,
          parisians: 1,
          aged25: 1,
          thirties: 0,
          parisAge: 25,
          youngParisYears: 25,
        },
      ]);
      expect(sorted(await col.group({}, spec))).toEqual(expected);
      // An index the plain counts could be sought on does not make the conditions ignored.
      await col.createIndex({ organisationId: 1, age: 1 });
      const banded = await col.group(
        {},
        {
          by: { organisation: 'organisationId', band: { field: 'age', boundaries: [0, 30, 100] } },
          totals: { people: { $count: true }, parisians: { $count: true, if: { 'address.city': 'Paris' } } },
        },
      );
      expect(sorted(banded)).toEqual(
        sorted([
          { organisation: 'o1', band: 0, people: 1, parisians: 0 },
          { organisation: 'o1', band: 1, people: 1, parisians: 1 },
          { organisation: 'o1', band: null, people: 1, parisians: 0 },
          { organisation: 'o2', band: 0, people: 1, parisians: 1 },
          { organisation: 'o2', band: 1, people: 1, parisians: 0 },
        ]),
      );
      await expect(
        col.group({}, { by: {}, totals: { n: { $count: true, if: { age: { from: 5, to: 5 } } } } }),
      ).rejects.toBeInstanceOf(UnsupportedOperatorError);
    });

    it('counts per key and bucket the same when an index lets the engine seek each group', async () => {
      type Note = {
        _id: string;
        organisationId: string;
        author?: string | number | null;
        kind?: string;
        at?: unknown;
      };
      const notes = store.collection<Note>('notes');
      await notes.createIndex({ organisationId: 1, author: 1, kind: 1, at: 1 });
      await notes.insertMany([
        { organisationId: 'o1', author: 'ana', kind: 'Mail', at: 10 },
        { organisationId: 'o1', author: 'ana', kind: 'Mail', at: 11 },
        { organisationId: 'o1', author: 'ana', kind: 'Appel', at: 25 },
        { organisationId: 'o1', author: 'bob', kind: 'Mail', at: 5 }, // before the first boundary
        { organisationId: 'o1', author: 'bob', kind: 'Mail', at: 30 }, // the last boundary: no bucket
        { organisationId: 'o1', author: 'bob', kind: 'Mail', at: 40 }, // outside the range
        { organisationId: 'o1', author: 7, kind: 'Mail', at: 12 },
        { organisationId: 'o1', kind: 'Mail', at: 12 }, // no author
        { organisationId: 'o1', author: null, kind: 'Mail', at: 21 },
        { organisationId: 'o1', author: 'ana', at: 22 }, // no kind
        { organisationId: 'o1', author: 'ana', kind: 'Mail', at: '15' }, // not a number
        { organisationId: 'o1', author: 'ana', kind: 'Mail' },
        { organisationId: 'o2', author: 'ana', kind: 'Mail', at: 10 },
      ]);
      const spec = {
        by: { author: 'author', kind: 'kind', slot: { field: 'at', boundaries: [10, 20, 30] } },
        totals: { notes: { $count: true as const }, again: { $count: true as const } },
        within: [{ field: 'at', from: 0, to: 35 }],
      };
      expect(sorted(await notes.group({ organisationId: 'o1' }, spec))).toEqual(
        sorted([
          { author: 'ana', kind: 'Mail', slot: 0, notes: 2, again: 2 },
          { author: 'ana', kind: 'Appel', slot: 1, notes: 1, again: 1 },
          { author: 'ana', kind: null, slot: 1, notes: 1, again: 1 },
          { author: 'bob', kind: 'Mail', slot: null, notes: 2, again: 2 },
          { author: 7, kind: 'Mail', slot: 0, notes: 1, again: 1 },
          { author: null, kind: 'Mail', slot: 0, notes: 1, again: 1 },
          { author: null, kind: 'Mail', slot: 1, notes: 1, again: 1 },
        ]),
      );
      // A key the filter fixes: its value in every group.
      expect(sorted(await notes.group({ organisationId: 'o1', author: 'ana' }, spec))).toEqual(
        sorted([
          { author: 'ana', kind: 'Mail', slot: 0, notes: 2, again: 2 },
          { author: 'ana', kind: 'Appel', slot: 1, notes: 1, again: 1 },
          { author: 'ana', kind: null, slot: 1, notes: 1, again: 1 },
        ]),
      );
      expect(await notes.group({ organisationId: 'o3' }, spec)).toEqual([]);
      // Without a range, the null bucket holds the rest (below, from the last boundary on, not a
      // number, missing); a condition beside the equalities is tested on every row.
      const open = { by: spec.by, totals: { notes: { $count: true as const } } };
      expect(
        sorted(
          await notes.group(
            { organisationId: 'o1', $or: [{ author: 'bob' }, { kind: { $ne: 'Mail' } }] },
            open,
          ),
        ),
      ).toEqual(
        sorted([
          { author: 'ana', kind: 'Appel', slot: 1, notes: 1 },
          { author: 'ana', kind: null, slot: 1, notes: 1 },
          { author: 'bob', kind: 'Mail', slot: null, notes: 3 },
        ]),
      );
      expect(sorted(await notes.group({ organisationId: 'o1', author: 'ana' }, open))).toEqual(
        sorted([
          { author: 'ana', kind: 'Mail', slot: 0, notes: 2 },
          { author: 'ana', kind: 'Mail', slot: null, notes: 2 },
          { author: 'ana', kind: 'Appel', slot: 1, notes: 1 },
          { author: 'ana', kind: null, slot: 1, notes: 1 },
        ]),
      );
    });

    it('refuses a spec outside the subset before reaching the engine', async () => {
      await expect(col.group({}, { by: {}, totals: { n: { $avg: 'age' } as never } })).rejects.toBeInstanceOf(
        UnsupportedOperatorError,
      );
      await expect(
        col.group({}, { by: { band: { field: 'age', boundaries: [3, 1] } }, totals: {} }),
      ).rejects.toBeInstanceOf(UnsupportedOperatorError);
      await expect(col.group({}, { by: { 'bad name': 'age' }, totals: {} })).rejects.toBeInstanceOf(
        UnsupportedOperatorError,
      );
    });
  });
});
