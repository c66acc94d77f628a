"""Widgets both maps and the battle window use: the zoom view, question dialogs, log HTML."""
