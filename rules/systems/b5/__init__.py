"""Seed 003, Babylon 5 Fleet Action, as a battle system (issue 24): squadrons and fleets
(:mod:`.force`), movement (:mod:`.movement`), deployment (:mod:`.deploy`), jump-in
(:mod:`.jump`), fire helpers (:mod:`.fire`), command and morale (:mod:`.command`). docs/b5.md
says what is built and how the seed's gaps are read."""
