// SIRET checks: 14 digits whose Luhn sum is a multiple of 10. La Poste's establishments share one
// SIREN (356000000) and are numbered so that the plain sum of their digits is a multiple of 5.
const LA_POSTE_SIREN = '356000000';
const FOURTEEN_DIGITS = /^[0-9]{14}$/;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function isValidSiret(siret: string): boolean {
  if (typeof siret !== 'string' || !FOURTEEN_DIGITS.test(siret)) return false;
  if (siret.startsWith(LA_POSTE_SIREN)) {
    let sum = 0;
    for (const char of siret) sum += char.charCodeAt(0) - 48;
    return sum % 5 === 0 || luhnValid(siret);
  }
  return luhnValid(siret);
}
