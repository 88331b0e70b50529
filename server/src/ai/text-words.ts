const STOPWORDS = new Set(
  'a an and are as at be been by can could do does for from have how i if in into is it its me my of on or our please that the their them there this to us we what when where which who why will with would you your yours about any also'.split(
    ' ',
  ),
);

/** The words of a text that carry meaning: lower case, three letters or more, no stopwords. */
export function significantWords(text: string): string[] {
  return (
    (text.toLowerCase().match(/[a-z0-9+#.]+/g) ?? [])
      // The lookbehind starts the match only where the last run of dots starts (linear).
      .map((w) => w.replace(/(?<!\.)\.+$/, ''))
      .filter((w) => w.length > 2 && !STOPWORDS.has(w))
  );
}
