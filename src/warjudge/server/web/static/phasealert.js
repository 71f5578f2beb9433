// Phase changes a player cannot miss (issue 24), as webDiplomacy and Backstabbr do it: a
// banner naming the new phase and what this seat must do, with a button to the last
// phase's results; while the tab is hidden the title and the favicon count the changes
// (cleared once it is shown again); a short beep if the player turned the sound on (off
// by default, remembered in this browser; WebAudio, no sound file).
import {el} from "/static/common.js";

const WORDS = {
  en: {results: "See the results", dismiss: "Dismiss", soundOn: "Sound on", soundOff: "Sound off"},
  fr: {results: "Voir les résultats", dismiss: "Fermer", soundOn: "Son activé", soundOff: "Son coupé"},
};
const SOUND_KEY = "warjudge-sound";
const MARKED_ICON = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#c0392b"/></svg>');
const icon = document.querySelector('link[rel="icon"]');
const plain = {title: document.title, icon: icon?.getAttribute("href")};
let unseen = 0;          // phase changes while the tab was hidden
let audio = null;

const say = (lang, word) => (WORDS[lang] || WORDS.en)[word];
const soundOn = () => localStorage.getItem(SOUND_KEY) === "on";

document.addEventListener("visibilitychange", () => {
  if (document.hidden) return;
  unseen = 0;
  document.title = plain.title;
  if (icon) icon.setAttribute("href", plain.icon);
});

function mark() {
  if (!document.hidden) return;
  unseen += 1;
  document.title = `(•${unseen}) ${plain.title}`;
  if (icon) icon.setAttribute("href", MARKED_ICON);
}

function beep() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  audio = audio || new Context();
  audio.resume?.();
  const tone = audio.createOscillator(), gain = audio.createGain(), now = audio.currentTime;
  tone.frequency.value = 880;
  gain.gain.setValueAtTime(0.2, now);
  gain.gain.exponentialRampToValueAtTime(0.001, now + 0.25);
  tone.connect(gain).connect(audio.destination);
  tone.start(now);
  tone.stop(now + 0.25);
}

// The sound's on/off button, added to `bar` (the page's status line).
export function soundToggle(bar, lang) {
  const button = el("button", {type: "button", "data-testid": "sound"});
  const label = () => {
    button.setAttribute("aria-pressed", soundOn() ? "true" : "false");
    button.textContent = say(lang(), soundOn() ? "soundOn" : "soundOff");
  };
  button.addEventListener("click", () => {
    localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
    if (soundOn()) beep();   // the click lets the browser play; the player hears what it will sound like
    label();
  });
  label();
  bar.append(button);
  return label;
}

// A new phase: `headline` ("S1901M adjudicated"), `todo` (what this seat must do now) and,
// if given, `openResults` for the banner's button. The banner stays until dismissed or
// replaced by the next one.
export function announce({headline, todo, openResults, lang}) {
  let banner = document.querySelector('[data-testid="phase-banner"]');
  if (!banner) {
    banner = el("div", {class: "phase-banner", "data-testid": "phase-banner", role: "status"});
    const status = document.querySelector(".status");
    if (status) status.after(banner); else document.querySelector("main").prepend(banner);
  }
  // the news and what to do each on its own line, the buttons after them (beside on a wide
  // screen, below on a phone): no line starts with an orphan separator
  banner.replaceChildren(el("p", {class: "news"}, el("strong", {text: headline}),
                            ...(todo ? [el("span", {class: "todo", "data-testid": "phase-banner-todo", text: todo})] : [])),
    ...(openResults ? [el("button", {type: "button", "data-testid": "banner-results", onclick: openResults,
                                     text: say(lang, "results")})] : []),
    el("button", {type: "button", class: "dismiss", "data-testid": "banner-dismiss", "aria-label": say(lang, "dismiss"),
                  onclick: () => banner.remove(), text: "×"}));
  mark();
  if (soundOn()) beep();
}
