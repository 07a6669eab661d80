"""Questions the rules, the bots and the views ask of a battle without changing
it: zones of control, where units may go, who must attack whom, the odds of a
combat, the chits a side may pick, what a fortress under siege holds. They sit
below the rule procedures, which call them, and import none of them."""
