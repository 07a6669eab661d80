"""The battle's pages of the Help window: the map legend (terrain, hexsides,
roads, marks, with what the scenario's terrain chart makes them cost), the
counters and their markers, the combat result codes, the sequence of play,
and the rule summaries that a rule id of the log opens (rules.toml: our own
one-paragraph reminders, not the rulebook's text)."""

from __future__ import annotations

import tomllib
from functools import cache
from html import escape
from pathlib import Path

from tenkatoitsu_gui.battle import legend, style
from tenkatoitsu_gui.battle.victory import conditions_html, rule_link, side_name

from tenkatoitsu.kinds.battle.queries.terrain import DOWN, UP, crossing
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.results import Hit, Loss, parse_result

RULES_FILE = Path(__file__).with_name("rules.toml")
SEQUENCE = """
<p>A turn {r3_2} has two parts; the turn track shows night turns {r14} and
fatigue turns {r13}.</p>
<p><b>I. Command sequence</b> {r9}</p>
<ol>
<li><b>Delay phase</b> {r9_1}: chits left in the Bowl go to the messengers; Delay box 1
empties into the Bowl and the Delay Track slides down one box.</li>
<li><b>Command points</b> {r9_2}: each side rolls on its command table.</li>
<li><b>Battle plan</b> {r10_2}: a side whose plan is not active may save CP and roll to
activate it; a side whose plan is active may log tactics {r10_3}.</li>
<li><b>Chit selection</b> {r9_3}: each CP puts a clan chit into the Bowl (14 MP or less
from the Sō-taishō) or onto the Delay Track (farther).</li>
<li><b>Obligatory chits</b> {r9_4}: March, Combat, Rally and Initiative go into the Bowl
(no Combat chits at night).</li>
</ol>
<p><b>II. Activation sequence</b> {r7}: chits are drawn from the Bowl one at a time
{r7_1} until the turn's obligatory chits have all been drawn.</p>
<ul>
<li>A <b>clan chit</b> starts that clan's <b>clan phase</b> {r8} (its owner may put it back
once {r8_6}): an order change attempt {r8_1}, then the steps of its order: Attack charges
{r8_2}, Movement marches {r8_3}, Defense deploys {r8_4}, Regroup rallies and withdraws
{r8_5}; then its units in an enemy zone of control attack {r11_1}. A tactic logged for the
clan replaces the order's steps {r10_3}.</li>
<li>The <b>March</b> chit {r7_2_1}: the players roll off and march their clans in Movement
in turn.</li>
<li>The <b>Combat</b> chit {r7_2_2}: clans in Attack charge, then every unit in an enemy
zone of control attacks.</li>
<li>The <b>Rally</b> chit {r7_2_3}: units near the enemy withdraw, the others rally.</li>
<li>The <b>Initiative</b> chit {r7_2_4}: each side may activate one more clan.</li>
</ul>
<p>After the last turn, or at once on an automatic victory, the battle is decided
{r17}: see the Victory page.</p>
"""


@cache
def rule_summaries() -> dict[str, dict[str, str]]:
    """Section -> {"title", "summary"}."""
    return tomllib.loads(RULES_FILE.read_text(encoding="utf-8"))


def rule_entry(rule: str) -> tuple[str, dict[str, str]] | None:
    """The summary of a section, or of the nearest section above it."""
    rules = rule_summaries()
    parts = rule.strip().split(".")
    while parts:
        key = ".".join(parts)
        if key in rules:
            return key, rules[key]
        parts.pop()
    return None


def rule_text(rule: str) -> tuple[str, str] | None:
    """(title, HTML) of a rule id: its summary, under those of the sections above it."""
    found = rule_entry(rule)
    if found is None:
        return None
    key, entry = found
    parts = key.split(".")
    above = []
    for i in range(1, len(parts)):
        up = rule_summaries().get(".".join(parts[:i]))
        if up is not None:
            above.append(f"[{'.'.join(parts[:i])}] {escape(up['title'])}")
    html = ""
    if above:
        html += f"<p><small>{' › '.join(above)}</small></p>"
    html += f"<h2>[{key}] {escape(entry['title'])}</h2><p>{escape(entry['summary'])}</p>"
    if key != rule:
        html += f"<p><small>Section {escape(rule)} has no summary of its own; this is the " \
                "section it belongs to.</small></p>"
    html += ("<p><small>A reminder in our own words, not the rulebook's text: the printed "
             "rules decide.</small></p>")
    return f"[{key}] {entry['title']}", html


def rules_index_html() -> str:
    rows = "".join(f"<tr><td><a href='rule:{k}'>[{k}]</a></td><td>{escape(v['title'])}</td></tr>"
                   for k, v in rule_summaries().items())
    return ("<p>Every section of the rulebook the game's log names, with a short reminder of "
            f"what it says. Click one.</p><table cellspacing=2>{rows}</table>")


# ------------------------------------------------------------ the map legend

def _mp(cost: m.Mp | None, impassable: bool = False) -> str:
    if impassable or cost is None:
        return "impassable"
    return "½ MP" if cost.value == 0.5 else f"{cost.value:g} MP"


def effects_words(e: m.Effects) -> str:
    words = []
    if e.blue:
        words.append(f"attacker {e.blue:+d} blue")
    if e.assault_blue:
        words.append(f"assault {e.assault_blue:+d} blue")
    if e.firearms_prepared:
        words.append(f"firearms prepared {rule_link('11.9')}")
    if e.non_obligatory:
        words.append(f"attack optional {rule_link('11.2')}")
    if e.no_attack:
        words.append(f"no attack across {rule_link('11.1')}")
    return ", ".join(words)


def _row(picture: str, name: str, text: str) -> str:
    return (f"<tr><td><img src='{picture}'></td><td valign=middle><b>{escape(name)}</b>"
            f"<br>{text}</td></tr>")


def terrain_rows(game) -> str:
    chart = game.scenario.terrain_chart
    rows = []
    for t in chart.hex_types if chart else ():
        index = legend.LegendBoard(game, m.Map(2, 1, terrain=(
            m.TerrainArea(t.name, (legend.B,)),))).map
        cost = index.hexside_cost(legend.A, legend.B)
        text = "entering: " + ("impassable" if cost is None else
                               ("½ MP" if cost == 0.5 else f"{cost:g} MP"))
        if t.night_shelter:
            text += f"; a shelter at night {rule_link('14')}"
        if t.fortress:
            text += f"; a fortress {rule_link('15.3')}"
        rows.append(_row(legend.terrain_picture(game, t.name, t.fortress), t.name, text))
    return "".join(rows)


def hexside_rows(game) -> str:
    chart = game.scenario.terrain_chart
    rows = []
    for t in chart.hexside_types if chart else ():
        if t.name == m.OPEN_HEXSIDE:
            continue
        edge_of = [h.name for h in chart.hex_types if h.edge == t.name]
        edge = f"the border of a {' or '.join(edge_of)} hex, entering it<br>" if edge_of else ""
        if t.directed:
            up, down = crossing(chart, t.name, UP), crossing(chart, t.name, DOWN)
            text = (f"climbing (from the ticked side): {_mp(up.cost, up.impassable)}"
                    + (f", {effects_words(up)}" if effects_words(up) else "")
                    + f"<br>going down: {_mp(down.cost, down.impassable)}"
                    + (f", {effects_words(down)}" if effects_words(down) else ""))
        else:
            e = crossing(chart, t.name)
            text = f"crossing: {_mp(e.cost, e.impassable)}" + \
                (f", {effects_words(e)}" if effects_words(e) else "")
        rows.append(_row(legend.hexside_picture(game, t.name, t.directed), t.name, edge + text))
    for mark, text in (("firearms-prepared", f"a defender behind it has firearms prepared "
                                             f"{rule_link('11.9')}"),
                       ("non-obligatory", f"an attack across it is optional "
                                          f"{rule_link('11.2')}")):
        rows.append(_row(legend.hexside_picture(game, mark), mark, text))
    return "".join(rows)


def marks_rows(game) -> str:
    chart = game.scenario.terrain_chart
    rows = []
    for kind in ("road", "path"):
        cost = getattr(chart, kind, None) if chart else None
        rows.append(_row(legend.route_picture(game, kind), kind,
                         f"a march along it costs {_mp(cost)} a hex {rule_link('6.5')}"))
    side = game.side_ids[-1]
    rows.append(_row(legend.star_picture(game, side, 2), "star",
                     f"its VP at the end to the side of its colour (here "
                     f"{escape(side_name(game, side))}) {rule_link('21.7.3')}"))
    rows.append(_row(legend.zone_picture(game), "zone",
                     f"a named zone of special rules (yellow dashes) {rule_link('19.2')}"))
    rows.append(_row(legend.entry_picture(game), "entry arrow",
                     f"off-map clans enter here, by its letter {rule_link('12')}"))
    return "".join(rows)


def map_page(game) -> str:
    return ("<p>As drawn on this scenario's map, with what its terrain chart makes each cost "
            f"{rule_link('6.2')} {rule_link('11.6.2')}. Hover a hex to read all of it in the "
            "status bar.</p>"
            f"<h3>Terrain</h3><table cellspacing=4>{terrain_rows(game)}</table>"
            f"<h3>Hexsides</h3><table cellspacing=4>{hexside_rows(game)}</table>"
            f"<h3>Routes and marks</h3><table cellspacing=4>{marks_rows(game)}</table>")


# ------------------------------------------------------------ counters

def _grid(cells: list[tuple[str, str, str]], cols: int = 3) -> str:
    """(picture, name, text) in a grid, the picture above its words."""
    rows = []
    for i in range(0, len(cells), cols):
        tds = "".join(f"<td valign=top width={100 // cols}%><img src='{pic}'><br>"
                      f"<b>{escape(name)}</b><br>{text}</td>"
                      for pic, name, text in cells[i:i + cols])
        rows.append(f"<tr>{tds}</tr>")
    return f"<table cellspacing=6>{''.join(rows)}</table>"


def counters_page(game) -> str:
    face = legend.sample_face
    pic = legend.counter_picture
    unit = [
        (pic(face(game)), "a unit", "its id top left; Elan-Mass at the bottom; a dot per "
                                    "Firepower point; Leadership as bars " + rule_link("4.1")),
        (pic(face(game, lead=0, lead_x=True)), "Leadership X",
         "none in combat, yet Bundori when killed " + rule_link("4.1")),
        (pic(face(game, leader_killed=True)), "leader killed",
         "no Leadership mark any more " + rule_link("11.10")),
        (pic(face(game, lead=2, so_taisho=True)), "Sō-taishō",
         "the side's commander: a gold disc in a ring " + rule_link("9.2")),
        (pic(face(game, lead=2, taisho=True)), "Taishō", "a gold ring " + rule_link("4.1")),
        (pic(face(game, samurai=True)), "samurai", "one is with the unit " + rule_link("16.3")),
    ]
    orders = [(pic(face(game, order=order)), f"{order} ({letter})",
               "hidden from you " + rule_link("5.3") if order == "hidden"
               else f"the clan's order {rule_link('5.2')}")
              for order, (letter, _) in style.ORDER.items()]
    states = [(pic(face(game, steps_lost=steps)),
               f"{('Shaken', 'Disorganized', 'Exhausted')[steps - 1]} ({letter})",
               f"{steps} step{'s' if steps > 1 else ''} lost {rule_link('4.3')}")
              for steps, (letter, _) in style.STATE.items()]
    states.append((pic(face(game, defensive_position=True)), "defensive position",
                   "a palisade under the unit " + rule_link("11.8")))
    compact = [(pic(face(game, order="attack", steps_lost=2), compact=True),
                "attack, Disorganized", "the order is the band along the top, the state "
                                        "the band and pips along the bottom"),
               (pic(face(game, order="defense"), compact=True), "defense, in good order",
                "Elan-Mass, or the Elan alone where that is all that fits")]
    return ("<p>Counters as the map draws them, with the markers stacked on them.</p>"
            f"<h3>Units</h3>{_grid(unit)}<h3>Orders</h3>{_grid(orders)}"
            f"<h3>States and positions</h3><p>A unit that loses one more step than Exhausted "
            f"is eliminated {rule_link('4.3')}.</p>{_grid(states)}"
            f"<h3>Zoomed out</h3><p>When the map is too small for the printed values a compact "
            f"counter takes their place:</p>{_grid(compact)}"
            "<p>On the map a <b>yellow</b> glow marks a counter you may choose, a <b>red</b> "
            "one the unit in question; legal hexes are outlined in yellow with their MP.</p>")


# ------------------------------------------------------------ combat results

def _hit_words(h: Hit) -> str:
    if h.eliminated:
        text = "is eliminated"
    elif h.steps:
        text = f"loses {h.steps} step{'s' if h.steps > 1 else ''}"
    else:
        text = ""
    if h.retreat:
        text += (" and " if text else "") + "retreats one hex"
    return text


def _loss_words(loss: Loss, who: str) -> str:
    text = f"one {who} unit (its owner's choice) {_hit_words(loss.first)}"
    if loss.others != Hit():
        text += f"; each other {who} unit {_hit_words(loss.others)}"
    return text


def result_words(code: str) -> str:
    r = parse_result(code)
    if r.is_no_effect:
        return "no effect"
    if r.exchange:
        return (f"exchange: one attacking unit {_hit_words(r.attacker.first)}, one defending "
                f"unit {_hit_words(r.defender.first)}")
    if r.attacker is not None:
        return _loss_words(r.attacker, "attacking")
    return _loss_words(r.defender, "defending")


def combat_page(game) -> str:
    forms = [("-", "no effect"),
             ("aM^N", "the attacker: one unit of his choice loses M steps, each other "
                      "attacking unit N (no ^: the others lose nothing)"),
             ("dX^Y", "the defender, the same way"),
             ("E", "in place of a number: the unit is eliminated"),
             ("R", "a retreat of one hex that may not end in an enemy zone of control, "
                   "else one more step is lost; after a number, both"),
             ("a1-d1", "an exchange: one unit of each side loses a step")]
    rows = "".join(f"<tr><td><b><code>{escape(c)}</code></b></td><td>{escape(w)}</td></tr>"
                   for c, w in forms)
    crt = game.scenario.crt
    codes = sorted({c for row in (crt.rows if crt else ()) for c in row.cells},
                   key=lambda c: (c[0] != "-", c[0] == "d", len(c), c))
    seen = "".join(f"<tr><td><b><code>{escape(c)}</code></b></td><td>{escape(result_words(c))}"
                   f"</td></tr>" for c in codes)
    return (f"<p>The Combat Results Table {rule_link('11.6')}: the red total picks the row and "
            f"the blue total the column {rule_link('2.4')}. A result reads {rule_link('11.7')}:"
            f"</p><table cellspacing=4>{rows}</table>"
            f"<h3>The results of this scenario's table</h3><table cellspacing=3>{seen}</table>"
            f"<p>Then, in order: leader loss tests {rule_link('11.10')}, rout tests of the clans "
            f"that lost units {rule_link('11.11')}, and the advance after combat into an "
            f"emptied hex {rule_link('11.12')}.</p>")


def sequence_page() -> str:
    links = {f"r{k.replace('.', '_')}": rule_link(k) for k in (
        "3.2", "7", "7.1", "7.2.1", "7.2.2", "7.2.3", "7.2.4", "8", "8.1", "8.2", "8.3", "8.4",
        "8.5", "8.6", "9", "9.1", "9.2", "9.3", "9.4", "10.2", "10.3", "11.1", "13", "14", "17")}
    return SEQUENCE.format(**links)


def help_pages(game) -> list[tuple[str, str]]:
    return [("Sequence of play", sequence_page()),
            ("Map legend", map_page(game)),
            ("Counters and markers", counters_page(game)),
            ("Combat results", combat_page(game)),
            ("Victory", conditions_html(game)),
            ("Rules index", rules_index_html())]
