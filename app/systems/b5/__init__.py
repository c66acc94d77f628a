"""The b5 battle system's panel (seed 003, Babylon 5 Fleet Action): the board with the legal
zone of the next ship, command rings and vortices (:mod:`.board`), the fire, command and morale
helpers (:mod:`.helpers`) and the panel itself (:mod:`.panel`)."""
