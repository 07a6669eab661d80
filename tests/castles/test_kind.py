"""The castles kind behind the contract: registered, its card effects the
ones its scenario language accepts, its board described for `show --json`."""

from tenkatoitsu import kinds
from tenkatoitsu.dsl.loader import load_scenario
from tenkatoitsu.kinds.castles.daimyo import DAIMYO_CARDS
from tenkatoitsu.kinds.castles.scenario.cards import DAIMYO_IDS, TACTIC_IDS
from tenkatoitsu.kinds.castles.tactics import TACTICS
from tenkatoitsu.kinds.contract import Kind


def test_registered_and_a_kind():
    kind = kinds.get("castles")
    assert isinstance(kind, Kind) and kind.name == "castles"
    assert {"random", "heuristic", "search"} <= set(kind.bots)


def test_every_card_the_language_accepts_has_an_effect_and_no_more():
    assert tuple(TACTICS) == tuple(TACTIC_IDS)
    assert set(DAIMYO_CARDS) == set(DAIMYO_IDS)
    for i, card in enumerate(TACTIC_IDS):
        assert TACTICS[card].rule == f"5.{i + 1}"


def test_the_board_as_show_describes_it():
    sf = load_scenario("castles")
    d = sf.kind.describe(sf.document)
    assert d.board["type"] == "area" and len(d.board["areas"]) == 11
    assert sum(ln["kind"] == "sea" for ln in d.board["links"]) == 6
    assert (d.seats.minimum, d.seats.maximum, d.seats.default) == (2, 4, 3)
    assert [v.id for v in d.variants] == ["daimyo"]
