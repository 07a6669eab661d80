"""The shell's decision panel (any kind): one button per legal option, enabled
only for a human's decision; a click sends the option's value; a refusal is
shown."""

from tenkatoitsu_gui.controller import GameController, GameSetup
from tenkatoitsu_gui.decisions import OptionsPanel

from conftest import SCENARIOS


def test_a_button_per_option_and_a_click_sends_its_value(qtbot):
    ctl = GameController.new_game(GameSetup(str(SCENARIOS / "training.tks"), seed=2,
                                            players=(("oda", "human"), ("asai", "human"))))
    d = ctl.pending
    panel = OptionsPanel()
    qtbot.addWidget(panel)
    got = []
    panel.chosen.connect(got.append)
    panel.show_decision(d, "Oda to choose", True)
    assert [b.text() for b in panel.buttons] == [o.label for o in d.options]
    assert d.prompt in panel.prompt.text() and f"[{d.rule}]" in panel.prompt.text()
    panel.buttons[-1].click()
    assert got == [d.options[-1].value]
    panel.show_decision(d, "the bot is choosing", False)
    assert not any(b.isEnabled() for b in panel.buttons)
    panel.refuse("not a legal choice")
    assert panel.refusal.text() == "not a legal choice"
    panel.show_decision(None, "Game over", False)
    assert panel.buttons == [] and panel.refusal.text() == ""
