"""Necromancer movement resolution (docs/necromancer-judge.md, sections 2-3).

Order groups (Components given one order) replace the standard judge's single units:
strengths are sums, Multiple Units attack as coalitions that cross each border with
their own strength, supports from an MU are reduced (not cut) by the strongest cutting
attack, and Fortresses, Siege Engines, Alignment, Eriador and Personalities adjust the
numbers. The driver is the shared guess-and-check (diplomacy/guess.py), with numeric decisions
(support strengths) guessed at their minimum first. Double Movement, Lead and the views
are separate steps.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from warjudge.diplomacy.guess import RESOLVED, UNRESOLVED, GuessAndCheck
from warjudge.diplomacy.variants.necromancer.mapfile import ERIADOR, NecroMap
from warjudge.diplomacy.variants.necromancer.pieces import ENGINE, PERSONALITIES, STRENGTH
from warjudge.diplomacy.variants.necromancer.position import STANDING, Piece

HOLD, MOVE, SUPPORT, BUILD, NMR = "hold", "move", "support", "build", "nmr"
OPPOSED = {("good", "evil"), ("evil", "good")}


@dataclass
class Group:
    """Components of one power in one province given one order."""

    power: str
    province: str
    pieces: list[Piece]
    kind: str                       # hold, move, support, build, nmr
    dest: str | None = None         # move: destination; support: the supported move's destination
    target: str | None = None       # support: the province of the supported group
    form_size: int | None = None    # move: the MU size written at the destination
    led: bool = False               # the Nazgûl Leads this group (EN 7.8.1 vii)
    auxiliary: str | None = None    # build: the Auxiliary ordered (F or E)
    then: str | None = None         # Double Movement: the second order's destination ("" = hold)
    order_index: int | None = None  # which written order made this group (for the report)
    lead_order: int | None = None   # the Nazgul's Lead order, when it leads (and goes with) this group
    target_kind: str | None = None  # support: the supported unit's kind (a hidden one's result is secret)

    @property
    def to(self) -> str:
        """A move's destination (asked only of moves, which always have one)."""
        assert self.dest is not None, "only a move has a destination"
        return self.dest

    @property
    def supported(self) -> str:
        """A support's target province (asked only of supports)."""
        assert self.target is not None, "only a support has a target"
        return self.target

    @property
    def base(self) -> int:
        return sum(p.component.strength for p in self.pieces) + (1 if self.led else 0)

    @property
    def has_engine(self) -> bool:
        return any(p.component.aux == ENGINE for p in self.pieces)


@dataclass
class Rules:
    """The edition switches and options that change numbers here."""

    edition: str = "2002"
    alignment: bool = True
    power_alignment: dict[str, str] = field(default_factory=dict)
    province_alignment: dict[str, str] = field(default_factory=dict)
    sauron_eliminated: bool = False

    def opposed(self, power: str, province: str) -> bool:
        """Is `power` of the alignment opposed to `province`'s (EN 8.1 v-vii: moves, holds,
        supports and retreats there suffer)? Never without the optional Alignment rules."""
        if not self.alignment:
            return False
        return (self.power_alignment.get(power, "neutral"), self.province_alignment.get(province, "neutral")) in OPPOSED


@dataclass
class Resolution:
    moved: set[int]                  # indices of move groups that succeeded
    support: dict[int, int]          # support group -> strength given
    built: set[int]                  # build groups that succeeded
    dislodged: dict[str, tuple[str, str]]  # province -> (power dislodged, attacker's origin)
    standoffs: set[str]
    held: set[int] = field(default_factory=set)   # failed moves that the units in their destination held off


class NecroResolver(GuessAndCheck):
    def __init__(self, nmap: NecroMap, groups: list[Group], rules: Rules):
        self.nmap, self.groups, self.rules = nmap, groups, rules
        n = len(groups)
        super().__init__(n)
        # Each group's own numbers, worked out once: no group changes while it is resolved,
        # and the judge asks for them thousands of times a phase (issue 12: speed).
        self.soldiers: list[int] = []   # Components that are not Personalities (EN 3.3)
        self.bases: list[int] = []      # Group.base
        self.engines: list[bool] = []   # Group.has_engine
        for g in groups:
            soldiers, base, engine = 0, 1 if g.led else 0, False
            for p in g.pieces:
                c = p.component
                soldiers += c.kind not in PERSONALITIES
                base += STRENGTH[c.kind]
                engine = engine or c.aux == ENGINE
            self.soldiers.append(soldiers)
            self.bases.append(base)
            self.engines.append(engine)
        self.alone = [n == 0 for n in self.soldiers]   # only Personalities
        self.decisions: list[int] = []   # the groups whose order can fail; a hold or NMR stands (value 1)
        self.at: dict[str, list[int]] = {}
        self.into: dict[str, list[int]] = {}
        for i, g in enumerate(groups):
            self.at.setdefault(g.province, []).append(i)
            if g.kind == MOVE:
                self.into.setdefault(g.to, []).append(i)
            if g.kind in (MOVE, SUPPORT, BUILD):
                self.decisions.append(i)
            else:
                self.value[i], self.state[i] = 1, RESOLVED
        self.supports_of: dict[int, list[int]] = {i: [] for i in range(n)}
        self.hold_supports: dict[str, list[int]] = {}
        for i, g in enumerate(groups):
            if g.kind != SUPPORT:
                continue
            if g.dest is None:
                self.hold_supports.setdefault(g.supported, []).append(i)
            else:
                for j in self.at.get(g.supported, ()):
                    if groups[j].kind == MOVE and groups[j].dest == g.dest:
                        self.supports_of[j].append(i)
                        break

    def top(self, i: int) -> int:
        return 1 if self.groups[i].kind != SUPPORT else self.bases[i]

    def backup(self, i: int, cycle: list[int], first: int) -> None:
        """Circular movement: the moves in the ring succeed. A ring of supports reducing
        each other: the lower value stands, as a cut wins (docs/necromancer-judge.md 3)."""
        for j in cycle:
            if j != i:
                self.state[j] = UNRESOLVED
        self.value[i] = 1 if self.groups[i].kind == MOVE else first
        self.state[i] = RESOLVED

    def adjudicate(self, i: int) -> int:
        g = self.groups[i]
        if g.kind == MOVE:
            return 1 if self._move_succeeds(i) else 0
        if g.kind == SUPPORT:
            return self._support_given(i)
        if g.kind == BUILD:   # EN 3.4 iii: fails if attacked, as a support is cut; EN 8.1 vi
            return 0 if self.opposed(g.power, g.province) or self._attacked(g, spare=None) is not None else 1
        return 1

    # --- facts ----------------------------------------------------------------------------
    def opposed(self, power: str, province: str) -> bool:
        return self.rules.opposed(power, province)

    def fortress_applies(self, province: str, power: str) -> bool:
        if not self.nmap.provinces[province].fortress:
            return False
        if power == STANDING and self.rules.edition == "2002":
            return False            # FR 7.8.2 xi
        if power == "SAURON" and self.rules.sauron_eliminated:
            return False            # EN 7.8.3 iv
        return True

    def _attacked(self, g: Group, spare: str | None) -> int | None:
        """Strength of the strongest attack that cuts g's support/build, or None."""
        best = None
        for k in self.into.get(g.province, ()):
            m = self.groups[k]
            if m.power == g.power or m.province == spare:
                continue
            strength = self.attack_strength(k, defender=g.power)
            best = strength if best is None else max(best, strength)
        return best

    def _dislodged(self, province: str, power: str) -> bool:
        if province == ERIADOR:
            return False
        staying = [j for j in self.at.get(province, ()) if self.groups[j].power == power
                   and not (self.groups[j].kind == MOVE and self.resolve(j))]
        if not staying:
            return False
        return any(self.groups[k].power != power and self.resolve(k) for k in self.into.get(province, ()))

    def _support_given(self, i: int) -> int:
        g = self.groups[i]
        if self.opposed(g.power, g.province):
            return 0                 # EN 8.1 vi
        cut = self._attacked(g, spare=g.dest)
        strength = self.bases[i]
        if cut is not None:
            mine = sum(self.soldiers[j] for j in self.at.get(g.province, ()) if self.groups[j].power == g.power)
            if mine <= 1:
                return 0             # standard cut
            strength = max(0, strength - cut)   # EN 4.2 vii
            if g.led and strength == 1:
                strength = 0         # EN 7.8.1 x
        if self._dislodged(g.province, g.power):
            return 0
        return strength

    def _support_total(self, supporters: list[int], exclude_power: str | None = None) -> int:
        if not supporters:
            return 0
        return sum(self.resolve(s) for s in supporters if self.groups[s].power != exclude_power)

    def attack_strength(self, i: int, defender: str | None) -> int:
        """Group i's own strength on its border: base + supports (not from the defender)."""
        supports = self.supports_of[i]
        if self.alone[i] and self.rules.edition == "2000":
            supports = []            # 2000: "always Strength 0" (ruling)
        strength = self.bases[i] + self._support_total(supports, exclude_power=defender)
        if self.engines[i] and self.rules.edition == "2000" and self.nmap.provinces[self.groups[i].to].fortress:
            strength += 1            # EN 4.4 vi: an uncuttable support
        return strength

    def defender_of(self, province: str, mover: str) -> str | None:
        """The power holding `province` against `mover` (only Eriador holds several powers,
        and it has no defender: EN 5.1 ii)."""
        if province == ERIADOR:
            return None
        for j in self.at.get(province, ()):
            if self.groups[j].power != mover:
                return self.groups[j].power
        return None

    def coalition(self, i: int) -> list[int]:
        """The groups of i's power moving into i's destination as one attack."""
        g = self.groups[i]
        if self.alone[i]:
            return [i]
        same = [k for k in self.into[g.to] if self.groups[k].power == g.power
                and not self.alone[k]]   # Personalities are written apart
        if len(same) == 1 and g.form_size is None:
            return [i]
        return same if self.valid_formation(g.power, g.to, same) else [i]

    def valid_formation(self, power: str, province: str, movers: list[int]) -> bool:
        sizes = {self.groups[k].form_size for k in movers}
        if len(sizes) != 1 or None in sizes:
            return False
        staying = sum(self.soldiers[j] for j in self.at.get(province, ())
                      if self.groups[j].power == power and self.groups[j].kind != MOVE)
        arriving = sum(self.soldiers[k] for k in movers if self.groups[k].province != province)
        held = sum(self.soldiers[k] for k in movers if self.groups[k].province == province)
        may = power == "GONDOR" or (power == "SAURON" and any(
            p.component.kind == "N" for j in [*self.at.get(province, ()), *self.into.get(province, ())]
            if self.groups[j].power == "SAURON" for p in self.groups[j].pieces))
        return may and sizes.pop() == staying + arriving + held

    def opponent(self, i: int) -> int | None:
        g = self.groups[i]
        if g.province == ERIADOR or g.dest == ERIADOR:
            return None              # EN 5.1 ii
        for k in self.into.get(g.province, ()):
            if self.groups[k].province == g.dest:
                return k
        return None

    def hold_strength(self, province: str, against: str, siege: bool, exclude: set[int]) -> int:
        """What a move by `against` must beat in `province`; -1 when nothing will be there.
        `exclude`: head-to-head opponents, met on their own border instead."""
        groups = [j for j in self.at.get(province, ()) if self.groups[j].power != against and j not in exclude]
        if not groups:
            return -1
        strength, stays, holding, staying = 0, False, False, []
        for j in groups:
            g = self.groups[j]
            if g.kind == MOVE and g.dest != province:
                if not self.resolve(j):
                    stays = True
                    strength += self.soldiers[j]   # EN 2.2.2 iii
            else:
                stays = True
                staying.append(j)
                strength += self.bases[j]
                leaving = bool(g.then) and self.rules.edition == "2000"     # EN 4.1 vi
                holding = holding or (g.kind != NMR and not leaving) or g.power == STANDING  # EN 4.1 ii, 7.8.2 xi
        if not stays:
            return -1
        power = self.groups[groups[0]].power
        supports = self.hold_supports.get(province, []) if staying else []
        if self.rules.edition == "2000" and all(self.alone[j] for j in staying):
            supports = []            # 2000: a Personality's strength stays 0 (ruling)
        supported = self._support_total(supports)
        if self.opposed(power, province) and not supported:
            return 0                 # EN 8.1 vi: dislodged unless supported
        strength += supported
        if holding and self.fortress_applies(province, power) and not (siege and self.rules.edition == "2002"):
            strength += 1            # EN 4.1 i-iii; FR 4.4 vi
        return strength

    def _move_succeeds(self, i: int) -> bool:
        g = self.groups[i]
        if self.alone[i] and self.nmap.provinces[g.to].kind == "sea":
            carriers = [k for k in self.into[g.to] if self.groups[k].power == g.power
                        and self.groups[k].province == g.province and not self.alone[k]]
            return any(self.resolve(k) for k in carriers)   # EN 7.7 vii: aboard its A/F
        if g.dest == ERIADOR:
            return True              # EN 5.1 ii: all valid moves to Eriador succeed
        members = self.coalition(i)
        if members == [i] and not self.alone[i] and self._own_stay(g):
            return False             # own units stay there and no MU is formed (EN 3.3 ii, 4.2 iii)
        own_opp = self.opponent(i)
        if own_opp is not None and self.groups[own_opp].power == g.power and not (
                self.alone[i] or self.alone[own_opp]):
            return False             # own units cannot swap places (standard: no convoys here)
        defender = self.defender_of(g.to, g.power)
        attack, opponents = 0, set()
        for k in members:
            own = self.attack_strength(k, defender)
            opp = self.opponent(k)
            if opp is not None and self.groups[opp].power != g.power:
                theirs = self.bases[opp] + self._support_total(self.supports_of[opp])
                if own < theirs and len(members) > 1 and not self.resolve(opp):
                    attack += own     # EN 4.2 ix: the stronger enemy was bounced from k's province,
                    continue          # so k is not dislodged and joins; h stays there, bounced
                opponents.add(opp)
                if own <= theirs:
                    if k == i:
                        return False  # beaten on its own border (EN 4.2 ix)
                    continue
            attack += own
        if self.opposed(g.power, g.to) and attack <= 1 and (attack == 1 or self.rules.edition == "2002"):
            return False             # EN / FR 8.1 v
        if g.province != g.dest and any(self.groups[k].province == g.dest for k in members):
            # EN 4.2 x / FR 4.2 xii: forming where one of its Components holds-to-form, only
            # an enemy taking the province stops the formation (a standoff there does not)
            return not any(self.groups[k].power != g.power and self.resolve(k) for k in self.into[g.to])
        siege = any(self.engines[k] for k in members)
        if attack <= self.hold_strength(g.to, g.power, siege, opponents):
            return False
        for k in self.into[g.to]:
            other = self.groups[k]
            if other.power == g.power and (self.alone[i] or self.alone[k]):
                continue             # EN 3.3 ii: a Personality goes freely with its friends
            if k not in members and attack <= self.prevent_strength(k):
                return False
        return True

    def _own_stay(self, g: Group) -> bool:
        """Do non-Personality Components of g's power stay in g's destination?"""
        for j in self.at.get(g.to, ()):
            h = self.groups[j]
            if h.power == g.power and not self.alone[j]:
                if h.kind != MOVE or h.dest == g.dest or not self.resolve(j):
                    return True
        return False

    def prevent_strength(self, k: int) -> int:
        opp = self.opponent(k)
        if opp is not None and self.resolve(opp):
            return 0
        return self.bases[k] + self._support_total(self.supports_of[k])

    # --- the whole phase ------------------------------------------------------------------
    def run(self) -> Resolution:
        for i in self.decisions:
            self.resolve(i)
        groups, value = self.groups, self.value
        moved = {i for i in self.decisions if groups[i].kind == MOVE and value[i]}
        support = {i: value[i] for i in self.decisions if groups[i].kind == SUPPORT}
        built = {i for i in self.decisions if groups[i].kind == BUILD and value[i]}
        dislodged: dict[str, tuple[str, str]] = {}
        for province, movers in self.into.items():
            if province == ERIADOR:
                continue
            for k in movers:
                if k in moved:
                    for j in self.at.get(province, ()):
                        h = self.groups[j]
                        if h.power != self.groups[k].power and j not in moved:
                            dislodged[province] = (h.power, self.groups[k].province)
        standoffs = set()
        for province, movers in self.into.items():
            if province == ERIADOR or any(k in moved for k in movers):
                continue
            if all(j in moved for j in self.at.get(province, ())):
                standoffs.add(province)
        held = set()
        for k in self.decisions:
            g = groups[k]
            if g.kind == MOVE and k not in moved and g.dest != ERIADOR:
                against = self.hold_strength(g.to, g.power, self.engines[k], set())
                if 0 <= against and self.attack_strength(k, self.defender_of(g.to, g.power)) <= against:
                    held.add(k)
        return Resolution(moved, support, built, dislodged, standoffs, held)
