"""The battle window every system shares: window, controller, panel seam, hand-over, log."""
