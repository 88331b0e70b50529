/**
 * Countries as people type them in the country filter: an ISO 3166 code ("US", "de") or an
 * English name ("United States"). Jobs store whatever their source wrote (Upwork and pasted jobs
 * a name, a CSV file perhaps a code), so a filter value stands for every spelling of its country.
 */

/** Older or common English names that Intl does not give. */
const EXTRA_NAMES: Record<string, readonly string[]> = {
  US: ['USA', 'United States of America'],
  GB: ['UK', 'Great Britain', 'England'],
  AE: ['UAE'],
  TR: ['Turkey'],
  CZ: ['Czech Republic'],
  MK: ['Macedonia'],
  SZ: ['Swaziland'],
  CI: ["Cote d'Ivoire", 'Ivory Coast'],
  KR: ['Korea', 'Korea, Republic of'],
  RU: ['Russian Federation'],
  VN: ['Viet Nam'],
  MM: ['Burma'],
  CV: ['Cape Verde'],
};

type CountryIndex = { namesByCode: Map<string, string[]>; codeByName: Map<string, string> };

let index: CountryIndex | undefined;

function buildIndex(): CountryIndex {
  const display = new Intl.DisplayNames(['en'], { type: 'region' });
  const namesByCode = new Map<string, string[]>();
  const codeByName = new Map<string, string>();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const first of letters) {
    for (const second of letters) {
      const code = first + second;
      let name: string | undefined;
      try {
        name = display.of(code);
      } catch {
        name = undefined;
      }
      // Unassigned codes come back as themselves or as "Unknown Region".
      if (!name || name === code || name === 'Unknown Region') continue;
      const lowerCode = code.toLowerCase();
      const names = [name, ...(EXTRA_NAMES[code] ?? [])].map((n) => n.toLowerCase());
      // A second code for a country already listed (UK for GB) is one more of its names.
      const earlier = codeByName.get(names[0] ?? '');
      if (earlier) {
        namesByCode.get(earlier)?.push(lowerCode);
        codeByName.set(lowerCode, earlier);
        continue;
      }
      namesByCode.set(lowerCode, names);
      for (const n of names) if (!codeByName.has(n)) codeByName.set(n, lowerCode);
    }
  }
  return { namesByCode, codeByName };
}

/** Every lower-cased spelling that means the same country as what the user typed. */
export function countrySpellings(typed: string): string[] {
  index ??= buildIndex();
  const lower = typed.trim().toLowerCase();
  const code = index.namesByCode.has(lower) ? lower : index.codeByName.get(lower);
  if (!code) return [lower];
  return [...new Set([lower, code, ...(index.namesByCode.get(code) ?? [])])];
}
