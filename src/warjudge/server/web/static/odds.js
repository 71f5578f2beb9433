// What an attack faces before its dice, as the server's preview gives it (computed by the
// game's own rules: nothing is worked out here), drawn as a confirm step.
import {el} from "/static/common.js";
import {pieceName, unitName} from "/static/hexwords.js";

const signed = n => (n > 0 ? `+${n}` : String(n));

function table(heads, cells, caption) {
  return el("table", {class: "odds-row"}, el("caption", {text: caption}),
    el("tr", {}, el("th", {text: heads[0]}), ...Object.keys(cells).map(k => el("th", {text: k}))),
    el("tr", {}, el("th", {text: heads[1]}), ...Object.values(cells).map(v => el("td", {text: v}))));
}

function modifiers(list) {
  return list.length ? el("ul", {}, ...list.map(m => el("li", {"data-testid": "modifier",
    text: `${m.value ? signed(m.value) : ""} ${m.why}`.trim()}))) : el("p", {class: "hint", text: "No modifier."});
}

// SJG 6.2: the attackers' strengths, each roll's odds column and CRT row (the modifier applied).
function sjg(p) {
  const out = [el("p", {}, el("b", {text: `Attack strength ${p.attack}`}),
                        ` against ${p.targets.join(", ")}; die-roll modifier ${signed(p.modifier)}.`),
               el("ul", {}, ...p.attackers.map(a => el("li", {text:
                 `${unitName(a)} in ${a.hex}, ${a.method}: ${a.strength}${a.notes.length ? ` (${a.notes.join("; ")})` : ""}`}))),
               el("h4", {text: "Modifiers"}), modifiers(p.modifiers)];
  for (const r of p.rolls) {
    if (r.immune) { out.push(el("p", {text: `${r.against}: immune (${r.immune}).`})); continue; }
    out.push(el("p", {"data-testid": "odds-column", "data-column": r.column},
      el("b", {text: `Odds ${r.column}`}), ` against ${r.against} (defence ${r.defence}` +
      (r.defenders.length ? `: ${r.defenders.map(d => `${unitName(d)} ${d.strength}`).join(", ")}` : "") + ")"));
    out.push(r.automatic ? el("p", {text: `No dice: the result is ${r.automatic}.`})
                         : table(["Two dice", "Result"], r.row, "The Combat Results Table row (modifier applied)"));
  }
  return out;
}

// G&S 7.33: the casualty totals, then one die against morale (7.32: for each stated attack); 7.22: a duel's differential;
// 8.34, 8.54: the totals a rally or a spell succeeds on.
function gondor(p) {
  if (p.kind === "melee-statement")   // 7.32: the stated attacks, made one after another
    return p.attacks.flatMap((a, i) => [el("h4", {text: `${i ? "Then" : "First"}: ${pieceName(a.attacker)} against ${pieceName(p.target)}`}),
                                        ...gondor(a)]);
  if (p.kind === "rally" || p.kind === "spell") {
    const what = p.kind === "rally" ? `${pieceName(p.leader)} rallies ${pieceName(p.unit)} (Rally Rating ${p.rating})`
                                    : `${pieceName(p.leader)} casts ${pieceName(p.spell)} (${p.cost} Magic Points, spent only on a success)`;
    return [el("p", {"data-testid": "odds-column", "data-column": String(p.chance_in_36)}, el("b", {text: what}),
              `: succeeds on two dice totals ${p.succeeds_on.join(", ") || "(none)"} (${p.chance_in_36} chances in 36).`)];
  }
  if (p.kind === "duel") {
    return [el("p", {"data-testid": "odds-column", "data-column": String(p.differential)},
              el("b", {text: `Differential ${signed(p.differential)}`}), ` (${p.rule}).`),
            table(["Die", "Result"], p.row, "Leader Combat Results (attacker/defender)")];
  }
  return [el("p", {"data-testid": "odds-column", "data-column": p.attack},
            el("b", {text: `${{melee: "Melee", oil: "Boiling oil"}[p.kind] || "Missile"} strength ${p.attack}`}),
            ` against armour ${p.armour}, morale ${p.morale}.`),
          el("h4", {text: "Modifiers"}), modifiers(p.modifiers),
          el("p", {text: `A casualty on two dice totals ${p.casualty_on.join(", ") || "(none)"} (${p.chance_in_36} chances in 36).`}),
          table(["Then one die", "Result"], p.morale_row, "Casualty Results against this morale")];
}

export const isAttack = preview => !["rally", "spell"].includes(preview.kind);

// Focusable: on a narrow screen its table scrolls sideways, by keyboard too.
export function oddsPanel(preview) {
  return el("div", {"data-testid": "odds", class: "odds", tabindex: "0", role: "region", "aria-label": "the odds"},
            el("h3", {text: isAttack(preview) ? "Before you attack" : "Before the dice"}),
            ...(preview.kind === "attack" ? sjg(preview) : gondor(preview)));
}
