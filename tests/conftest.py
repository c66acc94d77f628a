"""Test set-up: Qt runs headless; nothing a test writes lands in the user's settings."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
