"""The main window's campaign files: open (with the unsaved-changes prompt), save, save as,
the last autosave and the recent files. Mixed into :class:`app.main_window.MainWindow`."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QFileDialog,
    QMessageBox,
)

from app.paths import DEFAULT_CAMPAIGN
from rules.model import Campaign, CampaignError, load_campaign, save_campaign

MAX_RECENT = 8
FILE_FILTER = "BattleHex campaigns (*.json);;All files (*)"


class CampaignFilesMixin:
    """Opening and saving the campaign (the window supplies ``session``, ``settings``...)."""

    def open_campaign(self, path: Path | str) -> bool:
        """Load ``path``; on any problem show it and keep the current campaign open."""
        path = Path(path)
        try:
            campaign = load_campaign(path)
        except CampaignError as e:
            problems = "\n".join(f"\u2022 {p}" for p in e.problems)
            self.show_error("Cannot open campaign",
                            f"{path.name} cannot be opened; the campaign that was open stays open.\n\n"
                            f"{problems}\n\nFile: {e.source}")
            return False
        self._adopt(campaign, path)
        return True

    def _adopt(self, campaign: Campaign, path: Path) -> None:
        """Make ``campaign`` (read from ``path``) the open one and list it in Open Recent."""
        self._show_campaign(campaign, path)
        self._remember(path)

    def open_dialog(self) -> None:
        start = str(self.campaign_path.parent) if self.campaign_path else ""
        path, _ = QFileDialog.getOpenFileName(self, "Open campaign", start, FILE_FILTER)
        if path:
            self.open_other(Path(path))

    def open_other(self, path: Path | str) -> bool:
        """Open another campaign from a menu: unsaved changes are offered to be saved first."""
        if not self.may_close_campaign(f"opening {Path(path).name}"):
            self.statusBar().showMessage(f"Not opened: {Path(path).name}; the campaign stays open", 6000)
            return False
        return self.open_campaign(path)

    def may_close_campaign(self, doing: str) -> bool:
        """Before the open campaign goes away: True when it has no unsaved changes, or the user
        saved or discarded them; False when they cancelled (then nothing changes)."""
        if self.session is None or self.session.undo_stack.isClean():
            return True
        box = QMessageBox(QMessageBox.Icon.Warning, "Unsaved changes",
                          f"<b>{self.campaign.name}</b> has changes that are not saved.<br>"
                          f"Save them before {doing}?",
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self)
        box.setObjectName("unsaved_changes")
        autosave = self.session.last_autosave
        if autosave is not None and autosave.exists():
            box.setInformativeText(f"If you discard them, the autosave of the latest state is kept: "
                                   f"File \u2192 Open Last Autosave reopens it ({autosave}).")
        else:
            box.setInformativeText("If you discard them, they are lost.")
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def save(self) -> bool:
        """Save over the current file; the built-in campaign is never overwritten (Save As)."""
        if self.campaign_path is None or self.campaign_path.resolve() == DEFAULT_CAMPAIGN.resolve():
            return self.save_as_dialog()
        return self.save_to(self.campaign_path)

    def save_as_dialog(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(self, "Save campaign as", "campaign.json", FILE_FILTER)
        return self.save_to(Path(path)) if path else False

    def save_to(self, path: Path) -> bool:
        if self.campaign is None:
            return False
        try:
            save_campaign(self.campaign, path)
        except OSError as e:
            self.show_error("Cannot save campaign", f"{path}: {e.strerror or e}")
            return False
        self.campaign_path = path
        if self.session is not None:
            self.session.path = path
            self.session.undo_stack.setClean()
        self._remember(path)
        self._set_title()
        self.statusBar().showMessage(f"Saved {path}", 5000)
        return True

    def open_autosave(self) -> None:
        if self.session is None:
            return
        path = self.session.autosave_path()
        if not path.exists():
            self.show_error("No autosave", f"There is no autosave for {self.campaign_path.name} yet ({path}).")
            return
        self.open_other(path)

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent_files", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _remember(self, path: Path) -> None:
        p = str(path.resolve())
        files = [p] + [f for f in self.recent_files() if f != p]
        self.settings.setValue("recent_files", files[:MAX_RECENT])
        self._rebuild_recent()

    def _rebuild_recent(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for i, f in enumerate(files, 1):
            act = self.recent_menu.addAction(f"&{i} {f}")
            act.triggered.connect(lambda _=False, f=f: self.open_other(Path(f)))
        self.recent_menu.setEnabled(bool(files))
