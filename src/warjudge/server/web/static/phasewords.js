// A Diplomacy phase as a person reads it, for every page that shows one (the status line,
// the history, press tags, the games master's roll-back list): "S1901M" is "Spring 1901
// (moves)", the Necromancer's "TA2780R" "TA 2780 (retreats)" (Third Age, in both
// languages); any other name (a hex game's "turn 3 · movement") as it is. And how a game
// ended, in words, from its summary's `outcome`.
const WORDS = {
  en: {S: "Spring", F: "Fall", W: "Winter", M: "moves", R: "retreats", A: "adjustments",
       over: "the game is over", won: "won by {who}", drawn: "drawn between {who}", nobody: "nobody won"},
  fr: {S: "Printemps", F: "Automne", W: "Hiver", M: "mouvements", R: "retraites", A: "ajustements",
       over: "la partie est terminée", won: "gagnée par {who}", drawn: "nulle entre {who}", nobody: "personne n'a gagné"},
};
const words = lang => WORDS[lang] || WORDS.en;

export function phaseName(code, lang = document.documentElement.lang) {
  const parts = /^([SFW]|TA)(\d+)([MRA])$/.exec(code || "");
  return parts ? `${words(lang)[parts[1]] || parts[1]} ${parts[2]} (${words(lang)[parts[3]]})` : code;
}

// "the game is over: won by FRANCE" / "…: drawn between ENGLAND, FRANCE"
export function outcomeWords(outcome, lang = document.documentElement.lang) {
  const w = words(lang);
  if (!outcome) return w.over;
  const who = (outcome.winners || []).join(", ");
  return `${w.over}: ${who ? w[outcome.draw ? "drawn" : "won"].replace("{who}", who) : w.nobody}`;
}
