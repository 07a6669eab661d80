"""The Help window's pages of the shogun kind (how to play, in our own words,
and how to read the map) and the summaries of the rule ids the log cites
(SC-16.3: the rule if it has its own entry here, else its section's)."""

from __future__ import annotations

from html import escape

HOW_TO_PLAY = """
<p>Two to five warlords fight over the 68 provinces of Japan. The first to hold 35 provinces
is Shogun <a href='rule:SC-23.1'>[SC-23.1]</a>. With two players each plays two colour sets
and needs 50 at the end of a round <a href='rule:SC-24.6'>[SC-24.6]</a>.</p>
<h3>The set-up <a href='rule:SC-4'>[SC-4]</a></h3>
<p>The province cards are dealt; a spearman claims each province. In sword order, place
spearmen two at a time, then the three army markers: click a province ringed in yellow.</p>
<h3>A round <a href='rule:SC-5.1'>[SC-5.1]</a></h3>
<ol>
<li><b>Plan</b> <a href='rule:SC-6'>[SC-6]</a>: the planning screen shows the five bins.
Put every koku in a bin with − and + (<i>all</i> puts the rest there); BUILD takes 0 or 2.
<b>Seal the plan</b> when nothing is left. In a game of several people at one screen, the
screen is handed over between plans: nobody sees another's bins before they are revealed.
A ninja kept from last round shows his holder one player's plan before he plans.</li>
<li><b>Take Swords</b> <a href='rule:SC-7'>[SC-7]</a>: the highest bids pick their swords;
the sword is the order of play of the round.</li>
<li><b>Build</b> <a href='rule:SC-8'>[SC-8]</a>, <b>Levy Units</b>
<a href='rule:SC-9'>[SC-9]</a>, <b>Hire Ronin</b> <a href='rule:SC-10'>[SC-10]</a>,
<b>Hire Ninja</b> <a href='rule:SC-11'>[SC-11]</a>: choose where, on the map or in the
decision panel. Your hidden ronin show as <b>?N</b> on your provinces (only to you).</li>
<li><b>Wage War</b> <a href='rule:SC-12'>[SC-12]</a>, in sword order: move armies (A),
declare first battles (B: click the province to attack), fight them (C), move again (D).
The <b>Battle</b> panel shows each combat round die by die.</li>
<li><b>Remove Ronin</b> and <b>Collect Koku</b> <a href='rule:SC-22'>[SC-22]</a>.</li>
</ol>
<h3>Battles <a href='rule:SC-16'>[SC-16]</a></h3>
<p>Each round: bowmen (hit on 6 or less on a d12), gunners (4), casualties; daimyos (6),
swordsmen and ronin (5), spearmen (4), casualties; then the attacker may call it off. Each
side chooses its own casualties: bonus defenders first, the daimyo last. Across a sea lane
the defender strikes first.</p>
"""

READING = """
<ul>
<li>Each <b>province</b> is tinted with its owner's colour; a pale one is empty (its card
lies in the red rectangle). Thin lines are borders, the thick line the coast.</li>
<li><b>Sea lanes</b>: dashed blue; the fainter, finer ones are the doubtful lanes (the variant
<i>no-doubtful-lanes</i> removes them).</li>
<li>Each province's <b>label</b>: its name (a grey keep before it: a castle; gold: a
fortress); below, the army marker standing there (its number, its level on the small white
disc; lying flat and struck through: assassinated) and the provincial force by unit type:
<b>B</b> bowmen, <b>S</b> swordsmen, <b>G</b> gunners, <b>Sp</b> spearmen, <b>R</b> ronin
revealed with it, <b>?N</b> your own hidden ronin. A label moved aside where provinces crowd
has a line to its province.</li>
<li><b>Arrows</b>: the battle markers declared in this Wage War turn, in the attacker's
colour; the battle being fought is red, its province ringed in red.</li>
<li>Yellow: the provinces a click answers (a province with several answers asks which).
Blue ring: the province the decision is about (the army moving, the battle).</li>
<li>The <b>colour sets</b> panel: provinces, koku, sword, the plan revealed (your own sealed
one in italics), face-down ronin cards, the tray of units to levy and the three army cards:
the daimyo's square, 4 samurai squares (bowmen, swordsmen), 10 ashigaru squares (gunners,
spearmen), the ronin below and the experience track with its marker.</li>
<li>Zoom with the wheel (View menu: fit, zoom), drag to pan; the labels keep a readable
size and spread apart less as you zoom in.</li>
</ul>
"""

#: rule id -> (title, what it says, in our words)
RULES = {
    "SC-1": ("Components",
             ("Five colours of units, the master tray of koku, ronin, castles, "
              "fortification bases, battle markers and the ninja, the swords, the province "
              "cards and the twelve-sided dice.")),
    "SC-2": ("The map",
             ("68 provinces; two are adjacent if they share a border or a sea lane. "
              "An attack across a sea lane is a naval invasion.")),
    "SC-3": ("Units and troops",
             ("An army is a daimyo with units on his card (4 samurai, 10 "
              "ashigaru squares); a provincial force holds at most 5 regular units.")),
    "SC-4": ("The set-up",
             ("Cards dealt, a spearman on each, swords drawn for the placing "
              "order, the first koku, then spearmen two at a time and the army markers.")),
    "SC-4.8": ("First reinforcements",
               ("In sword order, each places 2 spearmen at a time in a "
                "province of his with room (at most 3 there).")),
    "SC-4.9": ("Army markers",
               ("In sword order, one army marker at a time in a province of "
                "his without one.")),
    "SC-5": ("The round",
             ("Plan, Take Swords, Build, Levy Units, Hire Ronin, Hire Ninja, Wage "
              "War, Remove Ronin, Collect Koku. All but Wage War at the same time.")),
    "SC-6": ("Plan",
             ("Every koku is divided in secret among the five bins; BUILD holds 0 or "
              "2. All bins are revealed together; the koku go back to the master tray.")),
    "SC-6.4": ("The ninja spies",
               ("A ninja kept from last round lets his holder see one "
                "player's bins before he plans (he plans last).")),
    "SC-7": ("Take Swords",
             ("The highest bids choose their swords first (ties in a random "
              "order); those who bid nothing draw the rest. The sword is the order of play.")),
    "SC-8": ("Build",
             ("2 koku build a castle, or turn a castle into a fortress; one build a "
              "round. Short of pieces, sword order decides.")),
    "SC-9": ("Levy Units",
             ("A koku buys 1 bowman, 2 swordsmen or gunners (or one of each), or "
              "3 spearmen; at most one new unit to each province, to its force or its army.")),
    "SC-10": ("Hire Ronin",
              ("2 ronin a koku, laid face down on province cards: the others see "
               "how many, not where, until they attack, defend or move. A troop keeps at most "
               "its units less one in ronin.")),
    "SC-11": ("The ninja",
              ("The strictly highest bid hires him. He assassinates a daimyo "
               "(1-8 on a d12; else the victim's revenge on 9-12) this round, never in round "
               "1, or spies in the next Plan.")),
    "SC-11.8": ("Assassinated",
                ("The daimyo lies on his side: his army cannot move or attack "
                 "this round, and he does not roll.")),
    "SC-12": ("Wage War",
              ("In sword order each player moves his armies (A), declares first "
               "battles (B), fights them (C) and moves again (D).")),
    "SC-12.4": ("Conquest",
                ("The first to move a unit into an empty province takes its card.")),
    "SC-13": ("Phase A",
              ("Armies move up to their level through friendly provinces, leaving a "
               "garrison where they would leave a province empty, picking units up on the way.")),
    "SC-14": ("Phase B",
              ("Each troop next to an enemy or empty province may declare one first "
               "battle: a battle marker points at the province attacked.")),
    "SC-15": ("Phase C",
              ("The declared battles, one at a time, in any order. An empty "
               "province attacked is no combat. Every defending unit fights.")),
    "SC-16": ("The combat round",
              ("Bowmen (6), gunners (4), casualties; daimyos (6), "
               "swordsmen and ronin (5), spearmen (4), casualties; the attacker may call it off.")),
    "SC-16.2": ("Rolling",
                ("One d12 for each unit of the step's type; a roll of its value or "
                 "less hits.")),
    "SC-16.3": ("Hits",
                ("Hits add up and are removed together at the next casualty step.")),
    "SC-17": ("Casualties",
              ("Each side removes as many of its own units as hits: bonus "
               "defenders first, the daimyo last, ronin within their limit.")),
    "SC-17.7": ("How a battle ends",
                ("A: the defenders are gone, the province goes to the red "
                 "rectangle. B: the attackers are gone. C: the attacker calls it off.")),
    "SC-18": ("Castles and the sea",
              ("A castle gives the defender 4 spearmen, a fortress 5 "
               "ronin; across a sea lane the defender strikes first, without them.")),
    "SC-19": ("Experience",
              ("A daimyo's level (1-4) is how far he moves and how many battles "
               "he fights; a round with a successful battle moves his marker one hole right.")),
    "SC-20": ("Lost daimyos",
              ("A daimyo removed last is lost with his army; the player who "
               "loses his third is out, and his eliminator takes all he held.")),
    "SC-21": ("Phase D",
              ("Armies, then forces, move into friendly or empty provinces; "
               "entering an empty one conquers it.")),
    "SC-22": ("End of the round",
              ("The ronin go back; every player takes a koku for three "
               "provinces, at least 3.")),
    "SC-23": ("Winning",
              ("35 provinces win at once (in the longer game, at a round's end).")),
    "SC-24": ("Two players",
              ("Each plays two colour sets that never fight each other; 50 "
               "provinces together win at the end of a round.")),
    "SC-26": ("Readings",
              ("Points the rules leave open and how this game reads them.")),
}


def help_pages() -> list[tuple[str, str]]:
    return [("Shogun: how to play", HOW_TO_PLAY), ("Shogun: reading the map", READING)]


def rule_text(rule: str) -> tuple[str, str] | None:
    key = rule if rule.startswith("SC-") else f"SC-{rule}"
    found = key if key in RULES else key.split(".")[0]
    if found not in RULES:
        return None
    title, text = RULES[found]
    more = "" if found == key else f"<p><i>{escape(key)} is part of {escape(found)}.</i></p>"
    return title, f"<h2>[{escape(found)}] {escape(title)}</h2><p>{escape(text)}</p>{more}"
