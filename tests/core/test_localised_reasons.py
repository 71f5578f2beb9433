"""`core.events.localised`: what the server does to a view for ?lang=fr (issue 12: the
browser shows reasons in French): every reason carrying a `why` is worded again in the
asked language, from its code and parameters; nothing else changes."""

from warjudge.core.events import Event, Refusal, localised, refusal_json
from warjudge.diplomacy.variants.necromancer.interface import adjudicate_necromancer


def test_a_view_is_worded_in_french_from_its_codes():
    out = adjudicate_necromancer({
        "variant": "necromancer", "phase": "TA2765M", "units": {"GONDOR": ["A Los", "A Pel"], "HARAD": ["A SIt"]},
        "orders": {"GONDOR": ["A Los - SIt", "A Pel S A Los - Qqq"], "HARAD": ["A SIt H"]}})
    french = localised(out, "fr")
    lines = {line["order"]: line for line in french["orders"]}
    assert lines["A Los - SIt"]["reason"] == "n'a pas pu entrer en SIt"      # EN 2.2.3 i
    assert lines["A Los - SIt"]["why"] == {"code": "necdip.result.did_not_prevail", "params": {"dest": "SIt"}}
    assert lines["A Pel S A Los - Qqq"]["reason"] == "Province inconnue 'qqq'"
    english = {line["order"]: line["reason"] for line in out["orders"]}
    assert english["A Los - SIt"] == "did not prevail in SIt"   # the view itself is unchanged
    assert {k: v for k, v in french.items() if k != "orders"} == {k: v for k, v in out.items() if k != "orders"}
    assert localised(out, "en") == out


def test_a_refusal_answers_with_its_code_and_a_plain_error_with_its_text():
    refused = refusal_json(Refusal("necdip.act.owes_orders", power="ROHAN"), "fr", {"ROHAN": "le Rohan"})
    assert refused == {"reason": "le Rohan doit encore des ordres : seuls les ordres facultatifs peuvent être refusés",
                       "why": {"code": "necdip.act.owes_orders", "params": {"power": "ROHAN"}}}
    assert refusal_json(ValueError("bad"), "fr") == {"reason": "bad"}
    assert Event("necdip.result.cut").to_json() == {"code": "necdip.result.cut", "params": {}}
