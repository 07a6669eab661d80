"""The rule procedures of a battle, one module per chapter of the rulebook or
idea: generators that yield a Decision whenever a player chooses and change
the game only through events. They read the game through `queries` and reach
the scenario's special rules only through `hooks`."""
