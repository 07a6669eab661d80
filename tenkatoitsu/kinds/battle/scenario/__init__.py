"""The battle kind's scenario files (`.tks`): the frozen model of what a file
says (`model`), syntax tree -> model (`build`), the semantic checks
(`validate`), the canonical printer used by `tenkatoitsu fmt` (`printer`) and
the set-up a game starts from once its variants apply (`setup`)."""
