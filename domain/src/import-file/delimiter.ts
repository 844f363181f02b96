/** Field separators the import accepts: French Excel writes ';', others ',' or tab. */
export const DELIMITERS = [';', ',', '\t'] as const;

export type Delimiter = (typeof DELIMITERS)[number];

export const DELIMITER_LABELS: Record<Delimiter, string> = {
  ';': 'Point-virgule ( ; )',
  ',': 'Virgule ( , )',
  '\t': 'Tabulation',
};

const SAMPLE_LINES = 20;

/** Counts of each delimiter per line, outside double quotes, over the first lines of the text. */
function countPerLine(text: string): Record<Delimiter, number>[] {
  const lines: Record<Delimiter, number>[] = [];
  let current: Record<Delimiter, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  let blank = true;
  for (let i = 0; i < text.length && lines.length < SAMPLE_LINES; i += 1) {
    const char = text[i] as string;
    if (char === '"') {
      quoted = !quoted;
      blank = false;
    } else if (!quoted && (char === '\n' || char === '\r')) {
      if (!blank) lines.push(current);
      current = { ';': 0, ',': 0, '\t': 0 };
      blank = true;
    } else if (!quoted && (char === ';' || char === ',' || char === '\t')) {
      current[char] += 1;
      blank = false;
    } else if (char.trim() !== '') {
      blank = false;
    }
  }
  if (!blank && lines.length < SAMPLE_LINES) lines.push(current);
  return lines;
}

/**
 * The delimiter found on the most lines, the same number of times on each; ';' wins ties (a French
 * decimal comma must not beat it). The user can still correct the guess.
 */
export function guessDelimiter(text: string): Delimiter {
  const lines = countPerLine(text);
  let best: Delimiter = ';';
  let bestScore = -1;
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => line[delimiter]);
    const header = counts[0] ?? 0;
    if (header === 0) continue;
    const consistent = counts.filter((count) => count === header).length;
    const score = consistent * 1000 + header;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}
