// What an attack faces before its dice, as the server's preview gives it (computed by the
// game's own rules: nothing is worked out here), drawn as a confirm step.
import {el} from "/static/common.js";
import {pageLang, pieceName, unitName} from "/static/hexwords.js";

const signed = n => (n > 0 ? `+${n}` : String(n));

// The panel's words in the page's language (pageLang: the EN/FR buttons).
const WORDS = {
  en: {none: "No modifier.", modifiers: "Modifiers", strength: "Attack strength", against: "against",
       dieModifier: "die-roll modifier", immune: "immune", odds: "Odds", defence: "defence", in: "in",
       noDice: r => `No dice: the result is ${r}.`, twoDice: "Two dice", result: "Result",
       crt: "The Combat Results Table row (modifier applied)", then: "Then", first: "First",
       rallies: "rallies", rally: "Rally Rating", casts: "casts", mp: "Magic Points, spent only on a success",
       succeeds: "succeeds on two dice totals", chances: "chances in 36", differential: "Differential", die: "Die",
       lcr: "Leader Combat Results (attacker/defender)", kinds: {melee: "Melee strength", oil: "Boiling oil strength", missile: "Missile strength"},
       armour: "armour", morale: "morale", casualty: "A casualty on two dice totals",
       oneDie: "Then one die", casualties: "Casualty Results against this morale", region: "the odds",
       attackHead: "Before you attack", diceHead: "Before the dice", nothing: "(none)", colon: ":",
       results: {"-": "no effect", E: "eliminated", "1/2E": "one unit of a formation eliminated (a single unit is reduced)",
                 A: "reduced (eliminated if already reduced)", r: n => `retreats ${n} hex${n === "1" ? "" : "es"} and is disrupted`,
                 rA: n => `reduced (eliminated if already reduced), then retreats ${n} hex${n === "1" ? "" : "es"} and is disrupted`}},
  fr: {none: "Aucun modificateur.", modifiers: "Modificateurs", strength: "Force d'attaque", against: "contre",
       dieModifier: "modificateur de dé", immune: "immunisé", odds: "Rapport", defence: "défense", in: "en",
       noDice: r => `Pas de dés : le résultat est ${r}.`, twoDice: "Deux dés", result: "Résultat",
       crt: "La ligne de la Table des résultats de combat (modificateur appliqué)", then: "Puis", first: "D'abord",
       rallies: "rallie", rally: "Valeur de ralliement", casts: "lance", mp: "Points de magie, dépensés seulement en cas de succès",
       succeeds: "réussit sur les totaux de deux dés", chances: "chances sur 36", differential: "Différentiel", die: "Dé",
       lcr: "Résultats du combat de Chefs (attaquant/défenseur)", kinds: {melee: "Force de mêlée", oil: "Force de l'huile bouillante", missile: "Force de tir"},
       armour: "armure", morale: "moral", casualty: "Une perte sur les totaux de deux dés",
       oneDie: "Puis un dé", casualties: "Résultats des pertes contre ce moral", region: "les chances",
       attackHead: "Avant d'attaquer", diceHead: "Avant les dés", nothing: "(aucun)", colon: " :",
       results: {"-": "sans effet", E: "éliminée", "1/2E": "une unité de la formation éliminée (une unité seule est réduite)",
                 A: "réduite (éliminée si elle l'est déjà)", r: n => `recule de ${n} hexagone${n === "1" ? "" : "s"} et est désorganisée`,
                 rA: n => `réduite (éliminée si elle l'est déjà), puis recule de ${n} hexagone${n === "1" ? "" : "s"} et est désorganisée`}}};
const w = () => WORDS[pageLang()];

function table(heads, cells, caption) {
  return el("table", {class: "odds-row"}, el("caption", {text: caption}),
    el("tr", {}, el("th", {text: heads[0]}), ...Object.keys(cells).map(k => el("th", {text: k}))),
    el("tr", {}, el("th", {text: heads[1]}), ...Object.values(cells).map(v => el("td", {text: v}))));
}

function modifiers(list) {
  return list.length ? el("ul", {}, ...list.map(m => el("li", {"data-testid": "modifier",
    text: `${m.value ? signed(m.value) : ""} ${m.why}`.trim()}))) : el("p", {class: "hint", text: w().none});
}

// SJG 6.2: the attackers' strengths, each roll's odds column and CRT row (the modifier applied).
function sjg(p) {
  const t = w();
  const out = [el("p", {}, el("b", {text: `${t.strength} ${p.attack}`}),
                        ` ${t.against} ${p.targets.join(", ")}; ${t.dieModifier} ${signed(p.modifier)}.`),
               el("ul", {}, ...p.attackers.map(a => el("li", {text:
                 `${unitName(a)} ${t.in} ${a.hex}, ${a.method}: ${a.strength}${a.notes.length ? ` (${a.notes.join("; ")})` : ""}`}))),
               el("h4", {text: t.modifiers}), modifiers(p.modifiers)];
  for (const r of p.rolls) {
    if (r.immune) { out.push(el("p", {text: `${r.against}${t.colon} ${t.immune} (${r.immune}).`})); continue; }
    out.push(el("p", {"data-testid": "odds-column", "data-column": r.column},
      el("b", {text: `${t.odds} ${r.column}`}), ` ${t.against} ${r.against} (${t.defence} ${r.defence}` +
      (r.defenders.length ? `${t.colon} ${r.defenders.map(d => `${unitName(d)} ${d.strength}`).join(", ")}` : "") + ")"));
    out.push(r.automatic ? el("p", {text: t.noDice(r.automatic)})
                         : table([t.twoDice, t.result], r.row, t.crt));
  }
  return out;
}

// G&S 7.33: the casualty totals, then one die against morale (7.32: for each stated attack); 7.22: a duel's differential;
// 8.34, 8.54: the totals a rally or a spell succeeds on.
function gondor(p) {
  const t = w();
  if (p.kind === "melee-statement")   // 7.32: the stated attacks, made one after another
    return p.attacks.flatMap((a, i) => [el("h4", {text: `${i ? t.then : t.first}${t.colon} ${pieceName(a.attacker)} ${t.against} ${pieceName(p.target)}`}),
                                        ...gondor(a)]);
  if (p.kind === "rally" || p.kind === "spell") {
    const what = p.kind === "rally" ? `${pieceName(p.leader)} ${t.rallies} ${pieceName(p.unit)} (${t.rally} ${p.rating})`
                                    : `${pieceName(p.leader)} ${t.casts} ${pieceName(p.spell)} (${p.cost} ${t.mp})`;
    return [el("p", {"data-testid": "odds-column", "data-column": String(p.chance_in_36)}, el("b", {text: what}),
              `${t.colon} ${t.succeeds} ${p.succeeds_on.join(", ") || t.nothing} (${p.chance_in_36} ${t.chances}).`)];
  }
  if (p.kind === "duel") {
    return [el("p", {"data-testid": "odds-column", "data-column": String(p.differential)},
              el("b", {text: `${t.differential} ${signed(p.differential)}`}), ` (${p.rule}).`),
            table([t.die, t.result], p.row, t.lcr)];
  }
  return [el("p", {"data-testid": "odds-column", "data-column": p.attack},
            el("b", {text: `${t.kinds[p.kind] || t.kinds.missile} ${p.attack}`}),
            ` ${t.against} ${t.armour} ${p.armour}, ${t.morale} ${p.morale}.`),
          el("h4", {text: t.modifiers}), modifiers(p.modifiers),
          el("p", {text: `${t.casualty} ${p.casualty_on.join(", ") || t.nothing} (${p.chance_in_36} ${t.chances}).`}),
          table([t.oneDie, t.result], p.morale_row, t.casualties), resultKey(Object.values(p.morale_row))];
}

// SPI 7.42, 7.54, 7.57: what each Casualty Result in the row does, in words.
function resultKey(codes) {
  const said = w().results, colon = w().colon;
  const meaning = code => {
    const retreat = /^r([12])(A?)$/.exec(code);
    return retreat ? (retreat[2] ? said.rA : said.r)(retreat[1]) : said[code] || code;
  };
  return el("ul", {class: "hint", "data-testid": "result-key"},
            ...[...new Set(codes)].map(code => el("li", {text: `${code}${colon} ${meaning(code)}`})));
}

export const isAttack = preview => !["rally", "spell"].includes(preview.kind);

// Focusable: on a narrow screen its table scrolls sideways, by keyboard too.
export function oddsPanel(preview) {
  return el("div", {"data-testid": "odds", class: "odds", tabindex: "0", role: "region", "aria-label": w().region},
            el("h3", {text: isAttack(preview) ? w().attackHead : w().diceHead}),
            ...(preview.kind === "attack" ? sjg(preview) : gondor(preview)));
}
