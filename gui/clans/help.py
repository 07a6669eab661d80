"""The Help window's page of the clans kind: how to play in the window and
how to read the map, in our own words; rule ids are the rulebook's (§6.2.3)."""

from __future__ import annotations

HOW_TO_PLAY = """
<p>Four or five players each lead one of nine great clans over the 68 provinces of Japan.
Hold 20 provinces (18 with five players), or the three Mandate provinces (Yamashiro, Settsu,
Sagami) alone, at the end of a phase and you win (§1.2, §1.3).</p>
<h3>The draft (§2.2.2)</h3>
<p>A dialog shows the clans by region, each with its home and ability. Pick with the clan's
button, or click its home on the map (ringed in yellow). The first three picks come from
three different regions: a clan shut out by that rule has no button.</p>
<h3>A round (§3.1)</h3>
<ol>
<li><b>Administration</b>: income and upkeep are paid for you; the player order puts the
clan with the fewest provinces first (Gekokujō, §4.1). A vassal chooses its path.</li>
<li><b>Reinforcement</b> (§5): recruit Bushi, build or fortify a castle, hire the ninja:
click a province ringed in yellow, or a button in the decision panel.</li>
<li><b>Campaign</b> (§6): move from a province, then to one; a province with another clan's
units is attacked. Every battle shows in the battle panel, die by die: the dice that hit are
red.</li>
<li><b>Winter</b> (§7): supply for the mountains.</li>
</ol>
<p>Your Koku is behind your screen: the clans panel shows yours only. So is a ninja hired for
an assassination: the others know only that he has left the supply.</p>
<h3>The map</h3>
<p>A province takes the colour of the clan whose units alone stand there; stripes of several
colours: it is contested; the land's colour: no one is there. Each chip is one clan's units
there (D Daimyō, B Bushi, R Ronin during a battle). A castle glyph is a castle, a gold one the
Hōjō Fortress, with a red cross when fortified for the round. The star marks a Mandate
province, the peak a mountain, the waves a coastal province, the little house a clan's home.
The battle being fought is ringed in red; the province a decision is about in blue.</p>
<h3>The modules (§10)</h3>
<p>Played as variants (New game, or <code>--variant</code>); the key of the map and the clan
cards show only the modules in play.</p>
<ul>
<li><b>Political Play</b> (§10.1): a card names the clan's Honor Pact partner and its Blood
Feuds; a clan that attacked its ally is marked <i>Betrayer</i> for the round. A battle against
the ally is the option "attack your ally in …": click that province on the map. The fist that
ends a pact is made behind the screen.</li>
<li><b>Specialized Warfare</b> (§10.2, §10.6): the chips list the units by short letters: Sp
Spearmen, Sw Swordsmen, Ar Archers, Bn Bannermen, Aq Arquebusiers (the key shows them). The
battle panel names the combat phase being rolled (Firearm, Ranged, Melee). A card shows
Firearm Technology once bought; the Trading Posts carry a ship.</li>
<li><b>Rice and War</b> (§10.3): a gold coin on a province, edged in the sower's colour, is the
Koku sown there. Each card shows the Koku its clan has sown; the Koku stored is behind the
screen, so only your own card shows it. Click a province ringed in yellow to sow.</li>
<li><b>Path of Glory</b> (§10.4): a clan on the Path shows its Glory Points, filled pips
against 7.</li>
<li><b>Ikkō-ikki</b> (§10.5): an Unrest marker is a Bushi lying on its side in its owner's
colour, edged red; a Stronghold is grey, with the rebels' banner and their Bushi. Pacify a
province by clicking it.</li>
<li><b>The Emperor's Favor</b> (§10.7): each card shows Legitimacy, pips against 6; a censured
clan is marked for the round. A Legitimate Claim is answered on the map; a Censure or a pact
offered, by a click on the clan's card ringed in yellow.</li>
</ul>
"""


def help_pages() -> list[tuple[str, str]]:
    return [("Shogun: Gekokujō: how to play", HOW_TO_PLAY)]
