"""One panel module or package per battle system (the registry names it)."""
