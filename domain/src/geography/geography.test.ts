import { DEPARTMENTS, GEOGRAPHY_SOURCE, REGIONS } from './geography-data';
import { departmentOfPostalCode, findDepartment, regionOfDepartment, regionOfPostalCode } from './geography';

const expectedDepartmentCodes = [
  ...Array.from({ length: 95 }, (_, index) => String(index + 1).padStart(2, '0')).filter(
    (code) => code !== '20',
  ),
  '2A',
  '2B',
  '971',
  '972',
  '973',
  '974',
  '976',
];

describe('departments', () => {
  it('are the 101 of 01–95 without 20, plus 2A, 2B and the overseas 971–976', () => {
    expect(DEPARTMENTS).toHaveLength(101);
    expect(DEPARTMENTS.map((department) => department.code).sort()).toEqual(
      [...expectedDepartmentCodes].sort(),
    );
  });

  it('leave out 975 Saint-Pierre-et-Miquelon, a collectivity rather than a department', () => {
    expect(findDepartment('975')).toBeNull();
  });

  it('have unique codes and names', () => {
    expect(new Set(DEPARTMENTS.map((department) => department.code)).size).toBe(101);
    expect(findDepartment('75')?.name).toBe('Paris');
    expect(findDepartment('2a')?.name).toBe('Corse-du-Sud');
    expect(findDepartment('1')?.name).toBe('Ain');
  });
});

describe('regions', () => {
  it('are the 13 metropolitan regions plus the 5 overseas ones', () => {
    expect(REGIONS.filter((region) => !region.overseas)).toHaveLength(13);
    expect(REGIONS.filter((region) => region.overseas).map((region) => region.name)).toEqual([
      'Guadeloupe',
      'Martinique',
      'Guyane',
      'La Réunion',
      'Mayotte',
    ]);
  });

  it('hold every department in exactly one region', () => {
    for (const department of DEPARTMENTS) {
      const holders = REGIONS.filter((region) => region.departments.includes(department.code));
      expect(holders.map((region) => region.code)).toEqual([department.regionCode]);
    }
    expect(REGIONS.flatMap((region) => region.departments)).toHaveLength(101);
  });

  it('list the metropolitan regions alphabetically', () => {
    const names = REGIONS.filter((region) => !region.overseas).map((region) => region.name);
    expect(names[0]).toBe('Auvergne-Rhône-Alpes');
    expect(names).toContain('Île-de-France');
    expect(names).toHaveLength(13);
  });

  it('name the data they were generated from', () => {
    expect(GEOGRAPHY_SOURCE.package).toBe('@etalab/decoupage-administratif');
    expect(GEOGRAPHY_SOURCE.version).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('regionOfDepartment', () => {
  it.each([
    ['75', 'Île-de-France'],
    ['2A', 'Corse'],
    ['2B', 'Corse'],
    ['974', 'La Réunion'],
    ['976', 'Mayotte'],
    ['13', "Provence-Alpes-Côte d'Azur"],
    ['35', 'Bretagne'],
    ['01', 'Auvergne-Rhône-Alpes'],
  ])('puts %s in %s', (code, name) => {
    expect(regionOfDepartment(code)?.name).toBe(name);
  });

  it('when the department is unknown, gives null', () => {
    expect(regionOfDepartment('20')).toBeNull();
    expect(regionOfDepartment('99')).toBeNull();
    expect(regionOfDepartment('')).toBeNull();
  });
});

describe('departmentOfPostalCode', () => {
  it.each([
    ['75001', '75'],
    ['01000', '01'],
    ['69003', '69'],
    ['95000', '95'],
    [' 33 000 ', '33'],
  ])('reads %p as department %s, from its first two characters', (postalCode, department) => {
    expect(departmentOfPostalCode(postalCode)).toBe(department);
  });

  it('when a spreadsheet dropped the leading zero, restores it', () => {
    expect(departmentOfPostalCode('1000')).toBe('01');
    expect(departmentOfPostalCode('6000')).toBe('06');
  });

  it.each([
    ['20000', '2A'],
    ['20100', '2A'],
    ['20200', '2B'],
    ['20600', '2B'],
    ['2A004', '2A'],
    ['2b033', '2B'],
  ])('reads the Corsican %s as %s', (postalCode, department) => {
    expect(departmentOfPostalCode(postalCode)).toBe(department);
  });

  it.each([
    ['97100', '971'],
    ['97200', '972'],
    ['97300', '973'],
    ['97400', '974'],
    ['97600', '976'],
    ['97133', '971'],
  ])('reads the overseas %s with three characters, as %s', (postalCode, department) => {
    expect(departmentOfPostalCode(postalCode)).toBe(department);
  });

  it.each(['', '750', '750011', 'abcde', '00100', '96000', '98000', '97500', '20300', '2C000', '75 0A1'])(
    'when %p is no postal code of a department, gives null',
    (postalCode) => {
      expect(departmentOfPostalCode(postalCode)).toBeNull();
    },
  );

  it('when given something other than a string, gives null', () => {
    expect(departmentOfPostalCode(75001 as unknown as string)).toBeNull();
  });

  it('leads to the region through the department', () => {
    expect(regionOfPostalCode('75008')?.name).toBe('Île-de-France');
    expect(regionOfPostalCode('97411')?.name).toBe('La Réunion');
    expect(regionOfPostalCode('20090')?.name).toBe('Corse');
    expect(regionOfPostalCode('99999')).toBeNull();
  });
});
