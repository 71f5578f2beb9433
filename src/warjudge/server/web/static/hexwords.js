// The hex games' decisions and actions in words for the decision page: a prompt per
// decision kind (SJG Necromancer, Gondor & Sauron), an action as a short sentence.

const list = v => (Array.isArray(v) ? v.join(", ") : String(v));

// kind -> (info) -> the question, in words; an unknown kind falls back to its facts.
const PROMPTS = {
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
};
const STAGES = {missile: "missile fire (pick a shot to see its odds)", leader: "Leader combat (duels)",
                melee: "melee: pick an attack to see its odds; state every unit attacking that defender before " +
                       "any attack is made; units in an enemy zone must attack"};

// A Gondor & Sauron piece by the name printed on it, as the server's choices word it
// (wording_en.piece: "gondor-knights-10" -> "Gondor Knights 10"), never its id.
const SMALL = new Set(["of", "the"]);
export const pieceName = id => String(id).split("-")
  .map((w, i) => (i && SMALL.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1))).join(" ");

// An SJG unit as its counter is printed: by kind (no counter carries a number).
export const unitName = u => (u.kind === "necromancer" ? "Necromancer" : u.kind);

export function promptText(d) {
  if (d.kind === "combat" && d.info && d.info.stated)   // SPI 7.32: a statement being made
    return `${d.info.title || "Combat"}: ${list(d.info.stated.units.map(pieceName))} will attack ${pieceName(d.info.stated.target)}; ` +
           "add another attacker, or resolve to make the attacks one after another.";
  if (d.kind === "combat" && d.info && d.info.stage) return `${d.info.title || "Combat"}: ${STAGES[d.info.stage] || d.info.stage}.`;
  if (d.kind === "retreat" && d.info && d.info.unit) return `${pieceName(d.info.unit)} must retreat: click a lit hex or pick a path.`;
  if (d.kind === "advance" && d.info && d.info.unit) return `${pieceName(d.info.unit)} may advance into ${d.info.hex}, or stay.`;
  const say = PROMPTS[d.kind];
  return say ? say(d.info || {}) : [d.kind, ...Object.entries(d.info || {}).map(([k, v]) => `${k}: ${words(v)}`)].join(" · ");
}

// A value in words: a path as 1808→1807, other lists as "13, 14", nested facts as compact JSON.
export function words(value, key = "") {
  if (Array.isArray(value)) {
    if (!value.every(v => typeof v !== "object" || v === null)) return JSON.stringify(value);
    return value.join(key === "path" ? "→" : ", ");
  }
  return value !== null && typeof value === "object" ? JSON.stringify(value) : String(value);
}

// An action in words: "move · units 13, 14 · path 1808→1807".
export function describe(action) {
  const rest = Object.entries(action).filter(([k]) => k !== "type" && k !== "side");
  return [action.type, ...rest.map(([k, v]) => `${k} ${words(v, k)}`)].join(" · ");
}
