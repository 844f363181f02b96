import { DEPARTMENTS, REGIONS } from './geography-data';
import type { Department, Region } from './geography-types';

const departmentsByCode = new Map(DEPARTMENTS.map((department) => [department.code, department]));
const regionsByCode = new Map(REGIONS.map((region) => [region.code, region]));

/** Normalises a department code as users and files write it: '1' -> '01', '2a' -> '2A'. */
function normaliseDepartmentCode(code: string): string {
  const trimmed = code.trim().toUpperCase();
  return /^[0-9]$/.test(trimmed) ? `0${trimmed}` : trimmed;
}

export function findDepartment(code: string): Department | null {
  return departmentsByCode.get(normaliseDepartmentCode(code)) ?? null;
}

export function findRegion(code: string): Region | null {
  return regionsByCode.get(code.trim()) ?? null;
}

/** The region a department belongs to, or null for an unknown department code. */
export function regionOfDepartment(code: string): Region | null {
  const department = findDepartment(code);
  return department ? (regionsByCode.get(department.regionCode) ?? null) : null;
}

/**
 * The department of a French postal code: its first two characters (SPEC §2), refined where two
 * characters are not enough. 20xxx is Corse-du-Sud (200xx, 201xx) or Haute-Corse (202xx, 206xx);
 * 97xxx overseas codes use three characters (971–976). A 4-digit code is read as one whose leading
 * zero a spreadsheet dropped (1000 -> 01000). Returns null for anything that is not a postal code
 * of a known department (Monaco 980xx, the collectivities 975xx and 98xxx, malformed values).
 * See docs/decisions/geography-reference.md.
 */
export function departmentOfPostalCode(postalCode: string): string | null {
  if (typeof postalCode !== 'string') return null;
  let code = postalCode.replace(/\s/g, '').toUpperCase();
  if (/^[0-9]{4}$/.test(code)) code = `0${code}`;
  if (/^2[AB][0-9]{3}$/.test(code)) return code.slice(0, 2);
  if (!/^[0-9]{5}$/.test(code)) return null;
  if (code.startsWith('20')) {
    const third = code[2];
    if (third === '0' || third === '1') return '2A';
    if (third === '2' || third === '6') return '2B';
    return null;
  }
  const department = code.startsWith('97') ? code.slice(0, 3) : code.slice(0, 2);
  return departmentsByCode.has(department) ? department : null;
}

/** The region of a postal code, through its department. */
export function regionOfPostalCode(postalCode: string): Region | null {
  const department = departmentOfPostalCode(postalCode);
  return department ? regionOfDepartment(department) : null;
}
