"""The PySide6 face of BattleHex: windows, map views, dialogs. It never decides a rule."""
