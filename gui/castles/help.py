"""The Help window's pages of the castles kind (how to play, in our own
words, and how to read the map) and the summaries of the rule ids the log
cites; a card's rule shows the card's text from the scenario."""

from __future__ import annotations

from html import escape

HOW_TO_PLAY = """
<p>Two to four warlords raise soldiers around the 11 castles of Japan, then a war decides
each castle in turn. Every castle has a <b>Large Castle Token</b> (2 to 12) which is also the
dice sum that sends soldiers there.</p>
<h3>Deployment <a href='rule:4.I'>[4.I]</a></h3>
<p>In turn, each player with pieces left does one thing, chosen <i>before</i> rolling:</p>
<ul>
<li><b>Deploy</b>: roll three dice (you may reroll all three once). Pick the die that gives the
soldiers: the other two, added, name the castle; the picked die, halved and rounded up, is how
many soldiers go there (1-2: 1, 3-4: 2, 5-6: 3). The <b>dice tray</b> lists the splits;
hover one to see its castle on the map, click it (or the castle) to deploy.</li>
<li><b>Play a tactic card</b> from the display (one per player in the game), only if you can
carry it out in full. Its targets are chosen step by step: the castles you may pick are
highlighted on the map, click one (or use the decision panel).</li>
</ul>
<p>Placing your last piece takes the highest sword token left, and from then on nobody may
play a card. The phase ends when every piece is on the map.</p>
<h3>War <a href='rule:4.II'>[4.II]</a></h3>
<p>The castles are resolved from the token 2 up to 12. In each, strength is soldiers plus
reinforcements (the daimyo counts 2). The strongest takes the large token, the runner-up (3-4
players) a small token of half its value; a tie goes to the higher sword. The winner then sends
reinforcements (1 cube with 2 players, 2 with 3-4) into every neighbouring castle still to be
resolved where they have a piece. Use the replay bar to step through the war castle by
castle: the castle being resolved is ringed in red with its strengths in its name, and arrows
show the reinforcements just sent (the white cubes they became).</p>
<h3>End <a href='rule:6'>[6]</a></h3>
<p>The highest total of castle tokens wins; a tie goes to the higher sword.</p>
"""

READING = """
<ul>
<li>A <b>castle token</b> sits at each area with its value; Kyō has a gold ring and a ★.
Once resolved the token takes the winner's colour, or is greyed and crossed out when nobody
was there; a small disc beside it is the runner-up's small token.</li>
<li>Links: <b>land</b> solid brown, <b>sea</b> dashed blue.</li>
<li>Pieces: a coloured cube with the number of that player's soldiers; a <b>white cube</b>
with a coloured edge and +N: that player's reinforcements; the gold-edged house marked D:
the daimyo (counts 2 in the war).</li>
<li>Yellow rings: the castles a click answers. Orange: the castle the option under the mouse
would hit. Blue dashed: castles the card in play has already chosen. Green ring with +N: the
last deployment. Red ring: the castle being resolved.</li>
<li>Zoom with the wheel (View menu: fit, zoom), drag to pan; the counts keep a readable size.</li>
</ul>
"""

#: rule id -> (title, what it says, in our words)
RULES = {
    "3": ("Set-up",
          ("Tokens shuffled onto the castles, the tactic display dealt (3/4/5 cards for "
           "2/3/4 players), swords and small castles by player count.")),
    "4.I": ("Deployment",
            ("Each turn: deploy (three dice, one reroll of all three, two dice name the "
             "castle, the third halved and rounded up gives the soldiers) or play a tactic "
             "card you can carry out in full. The last piece takes the highest sword left and "
             "ends all card play.")),
    "4.II": ("War", "The castles are resolved from the lowest token to the highest."),
    "4.II.1": ("Who wins a castle",
               ("Soldiers plus reinforcements (the daimyo counts 2); the strongest wins, a tie "
                "goes to the higher sword.")),
    "4.II.2": ("Castle tokens",
               ("The winner takes the large token; with 3-4 players the runner-up takes a small "
                "token of half its value (rounded down). An empty castle's token is removed.")),
    "4.II.3": ("Reinforcements",
               ("The winner sends 1 (2 players) or 2 (3-4 players) white cubes into each "
                "neighbouring castle still to be resolved where they have a piece; when the "
                "supply is out, cubes are taken back from castles already resolved.")),
    "5.D": ("Daimyo (advanced)",
            ("The daimyo is deployed like a soldier and counts 2 in the war; each player's "
             "daimyo card is played once instead of deploying. Cards that move soldiers never "
             "move the daimyo.")),
    "6": ("Scoring", "The highest total of castle tokens wins; a tie goes to the higher sword."),
}


def help_pages() -> list[tuple[str, str]]:
    return [("Castles: how to play", HOW_TO_PLAY), ("Castles: reading the map", READING)]


def rule_text(rule: str, scenario) -> tuple[str, str] | None:
    cards = [c for c in (*scenario.tactics, *scenario.daimyo) if c.rule == rule]
    if rule in RULES:
        title, text = RULES[rule]
        html = f"<h2>[{escape(rule)}] {escape(title)}</h2><p>{escape(text)}</p>"
    elif cards:
        title, html = cards[0].name, f"<h2>[{escape(rule)}]</h2>"
    else:
        return None
    for c in cards:
        html += f"<p><b>{escape(c.name)}</b>: {escape(c.text)}</p>"
    return title, html
