// The hex games' decisions and actions in words for the decision page: a prompt per
// decision kind (SJG Necromancer, Gondor & Sauron), an action as a short sentence.

const list = v => (Array.isArray(v) ? v.join(", ") : String(v));

// The page's language (decisions.js sets it from the EN/FR buttons): English unless French.
export const pageLang = () => (document.documentElement.lang === "fr" ? "fr" : "en");

// kind -> (info) -> the question, in words; an unknown kind falls back to its facts.
const PROMPTS = {en: {
  // SJG Necromancer
  choose: () => "Choose your magic items (secret until both have chosen).",
  deploy: () => "Deploy your units behind the screen: click a hex, then a unit to place there.",
  move: () => "Movement: click one of your stacks, tick the units to move, then click a lit hex. End when done.",
  wraith: () => "Wraiths move: click a stack, then a lit hex.",
  opportunity: i => `Opportunity attack: your units may fire on ${list(i.targets || [])} (pick an attack to see the odds).`,
  combat: () => "Combat: pick an attack to see its odds before committing; every enemy in your zone must be attacked.",
  convert: () => "Conversion: pick a target and the Conversion Points to commit.",
  search: () => "Search the Miasma: pick a hex.",
  retreat: i => `Retreat from ${i.hex}` + (i.losses ? `, losing at least ${i.losses} unit(s)` : "") +
    `: to ${list([...(i.options || []), ...(i.flight || [])]) || "nowhere"} (lit), or lose units.`,
  advance: i => `Advance after combat into ${list(i.hexes || i.targets || [])}, or end.`,
  // Gondor & Sauron
  magic: i => `${i.title || "Magic phase"}: move Magic Leaders or cast spells (click a Leader).`,
  siege: i => `${i.title || "Siege phase"}: bombard a hexside with a siege engine, or end.`,
  movement: i => `${i.title || "Movement"}: click a piece, then a lit hex to move it there; split or form from the choices.` +
    ((i.overstacked || []).length ? ` Before ending, move a unit off ${list(i.overstacked)}: one combat unit a hex.` : ""),
  displace: i => `${pieceName(i.unit)} must retreat and its only way out holds friends: displace them (a choice names where ` +
    `each goes) or decline and lose ${pieceName(i.unit)}.`,
  evade: i => `${pieceName(i.unit)} is attacked: retreat before combat (evade, a path is lit) or stand and fight.`,
  rally: i => `${i.title || "Rally phase"}: a Leader may rally a disrupted unit.`,
  stated: (i, title) => `${title}: ${list(i.stated.units.map(pieceName))} will attack ${pieceName(i.stated.target)}; ` +
    "add another attacker, or resolve to make the attacks one after another.",
  unitRetreat: i => `${pieceName(i.unit)} must retreat: click a lit hex or pick a path.`,
  unitAdvance: i => `${pieceName(i.unit)} may advance into ${i.hex}, or stay.`,
  combatTitle: "Combat",
}, fr: {
  // SJG Necromancer
  choose: () => "Choisissez vos objets magiques (secrets jusqu'à ce que les deux camps aient choisi).",
  deploy: () => "Déployez vos unités derrière l'écran : cliquez un hexagone, puis une unité à y placer.",
  move: () => "Mouvement : cliquez l'une de vos piles, cochez les unités à déplacer, puis cliquez un hexagone éclairé. " +
    "Terminez quand c'est fait.",
  wraith: () => "Les spectres se déplacent : cliquez une pile, puis un hexagone éclairé.",
  opportunity: i => `Attaque d'opportunité : vos unités peuvent tirer sur ${list(i.targets || [])} ` +
    "(choisissez une attaque pour en voir les chances).",
  combat: () => "Combat : choisissez une attaque pour en voir les chances avant de l'engager ; chaque ennemi de votre " +
    "zone doit être attaqué.",
  convert: () => "Conversion : choisissez une cible et les Points de Conversion à engager.",
  search: () => "Fouille du Miasme : choisissez un hexagone.",
  retreat: i => `Retraite depuis ${i.hex}` + (i.losses ? `, en perdant au moins ${i.losses} unité(s)` : "") +
    ` : vers ${list([...(i.options || []), ...(i.flight || [])]) || "nulle part"} (éclairé), ou perdez des unités.`,
  advance: i => `Avance après combat dans ${list(i.hexes || i.targets || [])}, ou terminez.`,
  // Gondor & Sauron
  magic: i => `${i.title || "Phase de magie"} : déplacez des Chefs magiciens ou lancez des sorts (cliquez un Chef).`,
  siege: i => `${i.title || "Phase de siège"} : bombardez un côté d'hexagone avec un engin de siège, ou terminez.`,
  movement: i => `${i.title || "Mouvement"} : cliquez un pion, puis un hexagone éclairé pour l'y déplacer ; scindez ou ` +
    "formez parmi les choix." + ((i.overstacked || []).length
      ? ` Avant de terminer, retirez une unité de ${list(i.overstacked)} : une unité de combat par hexagone.` : ""),
  displace: i => `${pieceName(i.unit)} doit faire retraite et sa seule issue est occupée par des amis : déplacez-les ` +
    `(un choix dit où va chacun) ou refusez et perdez ${pieceName(i.unit)}.`,
  evade: i => `${pieceName(i.unit)} est attaqué : retraite avant combat (esquive, un chemin est éclairé) ou tenez et combattez.`,
  rally: i => `${i.title || "Phase de ralliement"} : un Chef peut rallier une unité désorganisée.`,
  stated: (i, title) => `${title} : ${list(i.stated.units.map(pieceName))} attaqueront ${pieceName(i.stated.target)} ; ` +
    "ajoutez un autre attaquant, ou résolvez pour faire les attaques l'une après l'autre.",
  unitRetreat: i => `${pieceName(i.unit)} doit faire retraite : cliquez un hexagone éclairé ou choisissez un chemin.`,
  unitAdvance: i => `${pieceName(i.unit)} peut avancer dans ${i.hex}, ou rester.`,
  combatTitle: "Combat",
}};
const STAGES = {
  en: {missile: "missile fire (pick a shot to see its odds)", leader: "Leader combat (duels)",
       melee: "melee: pick an attack to see its odds; state every unit attacking that defender before " +
              "any attack is made; units in an enemy zone must attack"},
  fr: {missile: "tir (choisissez un tir pour en voir les chances)", leader: "combat de Chefs (duels)",
       melee: "mêlée : choisissez une attaque pour en voir les chances ; déclarez chaque unité attaquant ce défenseur " +
              "avant qu'aucune attaque ne soit faite ; les unités dans une zone ennemie doivent attaquer"}};

// A Gondor & Sauron piece by the name printed on it, never its id: as the server's choices
// word it in the page's language (GET …/legal's `pieces`: "Chevaliers du Gondor 10 (CD4X)"),
// else from its id ("gondor-knights-10" -> "Gondor Knights 10"); a phase by its title.
const SMALL = new Set(["of", "the"]);
let named = {pieces: {}, phases: {}, sides: {}};
// The names GET …/legal sends in the page's language: pieces, phases by their codes, sides.
export const useNames = (pieces = {}, phases = {}, sides = {}) => { named = {pieces, phases, sides}; };
export const phaseTitle = (code, title) => named.phases[code] || title;
export const sideName = side => named.sides[side] || side;
export const pieceName = id => named.pieces[id] || String(id).split("-")
  .map((w, i) => (i && SMALL.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1))).join(" ");

// An SJG unit as its counter is printed: by kind (no counter carries a number), in the page's language.
const KINDS_FR = {necromancer: "Nécromancien", apprentice: "apprenti", wraith: "spectre", skeleton: "squelette",
                  mercenary: "mercenaire"};
export const unitName = u => (pageLang() === "fr" ? KINDS_FR[u.kind] || u.kind
                              : u.kind === "necromancer" ? "Necromancer" : u.kind);

export function promptText(d) {
  const say = PROMPTS[pageLang()], info = {...d.info, ...(d.info?.title ? {title: phaseTitle(d.info.phase, d.info.title)} : {})};
  const title = info.title || say.combatTitle;
  if (d.kind === "combat" && info.stated) return say.stated(info, title);   // SPI 7.32: a statement being made
  if (d.kind === "combat" && info.stage) return `${title}${pageLang() === "fr" ? " " : ""}: ${STAGES[pageLang()][info.stage] || info.stage}.`;
  if (d.kind === "retreat" && info.unit) return say.unitRetreat(info);
  if (d.kind === "advance" && info.unit) return say.unitAdvance(info);
  const ask = say[d.kind];
  return typeof ask === "function" ? ask(info) : [d.kind, ...Object.entries(info).map(([k, v]) => `${k}: ${words(v)}`)].join(" · ");
}

// A value in words: a path as 1808→1807, other lists as "13, 14", nested facts as compact JSON.
export function words(value, key = "") {
  if (key === "placements" && value && typeof value === "object") {   // a set-up: counted, never its JSON
    const hexes = Object.values(value), units = hexes.reduce((n, kinds) => n + [].concat(kinds).length, 0);
    return (PLACED[pageLang()] || PLACED.en)(units, hexes.length);
  }
  if (Array.isArray(value)) {
    if (!value.every(v => typeof v !== "object" || v === null)) return JSON.stringify(value);
    return value.join(key === "path" ? "→" : ", ");
  }
  return value !== null && typeof value === "object" ? JSON.stringify(value) : String(value);
}

const PLACED = {en: (units, hexes) => `${units} units on ${hexes} hexes`,
                fr: (units, hexes) => `${units} unités sur ${hexes} hexagones`};
const DEPLOY = {en: "deploy", fr: "déploiement"};

// An action in words: "move · units 13, 14 · path 1808→1807"; a set-up "deploy · 50 units on 25 hexes".
export function describe(action) {
  if (action.type === "deploy" && action.placements) {
    return `${DEPLOY[pageLang()] || DEPLOY.en} · ${words(action.placements, "placements")}`;
  }
  const rest = Object.entries(action).filter(([k]) => k !== "type" && k !== "side");
  return [action.type, ...rest.map(([k, v]) => `${k} ${words(v, k)}`)].join(" · ");
}
