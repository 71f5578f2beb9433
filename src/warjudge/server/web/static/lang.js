// The language a game's pages are read in, the same on each of them: ?lang=fr in the address
// chooses it (and keeps it, as the EN/FR buttons do), else the one chosen last, else the
// browser's. Worded here: what those pages share (the top bar) and the game's title, from
// the server's `data-titles` (presentation/game_titles.py), in the h1 and the tab's title.
export const LANGUAGES = ["en", "fr"];
const KEY = "warjudge-lang";
const addressed = new URLSearchParams(location.search).get("lang");
if (LANGUAGES.includes(addressed)) localStorage.setItem(KEY, addressed);

export const chosenLang = () => localStorage.getItem(KEY) || (navigator.language.startsWith("fr") ? "fr" : "en");
const keep = lang => { document.cookie = `${KEY}=${lang}; path=/; max-age=31536000; SameSite=Lax`; };

const WORDS = {en: {signedin: "signed in as", account: "Account", signout: "Sign out", signin: "Sign in"},
               fr: {signedin: "connecté en tant que", account: "Compte", signout: "Se déconnecter", signin: "Se connecter"}};

// A seat's name in the page's language: the server's `data-seat-names` on #game
// (presentation/seat_names.py), else its id.
export function seatName(seat) {
  const names = JSON.parse(document.getElementById("game")?.dataset.seatNames || "{}");
  return (names[document.documentElement.lang] || {})[seat] || seat;
}

let shownTitle = null;   // the game's title as the tab shows it now

export function wordPage(lang) {
  document.documentElement.lang = lang;
  document.querySelectorAll("[data-common]").forEach(node => { node.textContent = (WORDS[lang] || WORDS.en)[node.dataset.common]; });
  document.querySelectorAll("[data-labels]").forEach(node => {   // the ARIA labels, each worded in every language
    const labels = JSON.parse(node.dataset.labels);
    node.setAttribute("aria-label", labels[lang] || labels.en);
    if (node.title) node.title = labels[lang] || labels.en;
  });
  document.querySelectorAll("[data-seat-name]").forEach(node => { node.textContent = seatName(node.dataset.seatName); });
  document.querySelectorAll("[data-words]").forEach(node => {   // a server-worded phrase, in every language
    const words = JSON.parse(node.dataset.words);
    node.textContent = words[lang] || words.en;
  });
  document.querySelectorAll("[data-titles]").forEach(node => {
    const titles = JSON.parse(node.dataset.titles), title = titles[lang] || titles.en;
    node.textContent = title;
    document.title = document.title.replace(shownTitle || titles.en, title);
    shownTitle = title;
  });
}

// The EN/FR buttons: the language kept for every game page, this one worded again.
export function chooseLang(lang) {
  localStorage.setItem(KEY, lang);
  keep(lang);
  wordPage(lang);
}

keep(chosenLang());
wordPage(chosenLang());
