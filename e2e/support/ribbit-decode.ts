// A model of what the original JavaScript library 1.6.1 does to an answer's text before its callers
// JSON.parse it (Ribbit.marshalJsonpCallback runs it through the library's html_entity_decode). Built
// from the input -> output pairs observed in the library itself (e2e/vectors/ribbit-js-1.6.1.json,
// answerTextDecoding), which a unit test replays against this model: named HTML 4 entities are
// decoded, &amp; last (as php.js's decoder does); numeric entities are not; the first &quot; becomes
// a backslash and a quote, later ones a bare quote.

/** Named entities of HTML 4 that the observed pairs and our answers involve, and their Latin-1 neighbours. */
const NAMED: Record<string, string> = {
  nbsp: "\u00a0",
  copy: "\u00a9",
  reg: "\u00ae",
  eacute: "\u00e9",
  egrave: "\u00e8",
  agrave: "\u00e0",
  uuml: "\u00fc",
  ouml: "\u00f6",
  auml: "\u00e4",
  szlig: "\u00df",
  lt: "<",
  gt: ">",
};

export function ribbitDecode(text: string): string {
  let out = text.replace("&quot;", '\\"').split("&quot;").join('"');
  for (const [name, char] of Object.entries(NAMED)) out = out.split(`&${name};`).join(char);
  return out.split("&amp;").join("&");
}
