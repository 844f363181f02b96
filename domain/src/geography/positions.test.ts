import { LATLNG_PRECISION_LABELS, latlngPrecisionMention, placeNameKey, townNameKey } from './positions';

describe('place-name keys', () => {
  it('ignores accents, case, hyphens, apostrophes and a leading article', () => {
    expect(placeNameKey("L'Haÿ-les-Roses")).toBe('hay les roses');
    expect(placeNameKey('HAY LES ROSES')).toBe('hay les roses');
    expect(placeNameKey('Les Abymes')).toBe(placeNameKey('ABYMES'));
    expect(placeNameKey('Bourg-en-Bresse')).toBe('bourg en bresse');
  });

  it('spells out St and Ste', () => {
    expect(placeNameKey('ST ETIENNE')).toBe(placeNameKey('Saint-Étienne'));
    expect(placeNameKey('Ste-Maxime')).toBe(placeNameKey('Sainte-Maxime'));
  });

  it('keeps an article that is the whole name', () => {
    expect(placeNameKey('Les')).toBe('les');
  });

  it('drops CEDEX and a trailing arrondissement from a town', () => {
    expect(townNameKey('PARIS CEDEX 08')).toBe('paris');
    expect(townNameKey('Lyon 3ème')).toBe('lyon');
    expect(townNameKey('MARSEILLE 08')).toBe('marseille');
    expect(townNameKey('Paris 1er Arrondissement')).toBe('paris');
    expect(townNameKey('Villeneuve-d’Ascq Cedex')).toBe('villeneuve d ascq');
  });
});

describe('precision labels', () => {
  it('says in French how precise a position is', () => {
    expect(LATLNG_PRECISION_LABELS.commune).toBe('centre de la commune');
    expect(latlngPrecisionMention('department')).toBe('Position : centre du département');
    expect(latlngPrecisionMention(undefined)).toBeNull();
  });
});
