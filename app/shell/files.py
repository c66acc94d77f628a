"""The main window's campaign files: open (with the unsaved-changes prompt), save, save as,
the recovery of an autosave and the recent files. Mixed into :class:`app.shell.window.MainWindow`.

Opening a file (at start too) looks for its autosave: one newer than the file and holding a
different campaign (work after the last save, e.g. before a crash) is offered in a dialog before
anything can overwrite it (the session holds its autosave until the user chooses). Recover
shows the autosave's campaign as unsaved changes to the *original* file (Ctrl+S writes there);
Discard keeps the autosave aside (``...discarded.json``), never deletes it.

A start with no file named reopens the last file (File > Reopen the Last File at Start, on by
default), so the recovery offer comes for the file the GM was working on. A file saved cleanly
is never offered: Save As to another file keeps the old file's autosave aside (its work is in
the new file now). The installed scenarios are never written: Save of one goes to Save As.
"""
from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox

from app.shell.battles_kept import keep_last_answers
from app.shell.recovery_words import differences
from app.shell.paths import DEFAULT_CAMPAIGN, SCENARIOS, autosave_file, discarded_file, legacy_autosave_file
from rules.errors import RuleError
from rules.model import Campaign, CampaignError, SealedError, save_campaign
from rules.model.safe_write import remove_stale_temps
from rules.model.seals import Keyring
from rules.opening import open_campaign_file

MAX_RECENT = 8
REOPEN_LAST = "reopen_last_file"
"""The setting: a start with no file named reopens the last file (on by default)."""
FILE_FILTER = "BattleHex campaigns (*.json);;All files (*)"


class CampaignFilesMixin:
    """Opening and saving the campaign (the window supplies ``session``, ``settings``...)."""

    offer_recovery = True

    def start_file(self) -> Path:
        """The file a start with none named opens: the last one opened or saved when
        :data:`REOPEN_LAST` is on and it still exists, else the default campaign."""
        if self.reopens_last():
            for f in self.recent_files()[:1]:
                if Path(f).is_file():
                    return Path(f)
        return DEFAULT_CAMPAIGN

    def reopens_last(self) -> bool:
        return str(self.settings.value(REOPEN_LAST, "true")).lower() in ("true", "1")

    def set_reopen_last(self, on: bool) -> None:
        """File > Reopen the Last File at Start."""
        self.settings.setValue(REOPEN_LAST, "true" if on else "false")

    def read_campaign(self, path: Path, keyring: Keyring | None = None) -> tuple[Campaign, Keyring]:
        """``path``'s campaign and the keys that opened it: sealed secrets that ``keyring`` does
        not open are asked for (:func:`app.shell.passphrases.unlock_file`).

        Raises:
            SealedError: the user cancelled the passphrases.
            CampaignError: a file that cannot be used.
        """
        ring = Keyring()
        if keyring is not None:
            ring.update(keyring)
        try:
            if keyring is None and path == DEFAULT_CAMPAIGN:  # validated once, kept (issue 21: start-up)
                from app.shell.campaign_cache import open_cached

                return open_cached(path, lambda p: open_campaign_file(p, ring)), ring
            return open_campaign_file(path, ring), ring  # as main.py --check: the same files open
        except SealedError as e:
            from rules.model.team_copy import peek
            mark = peek(path)
            if mark is not None:  # a Team copy: its Team's passphrase alone (issue 23)
                from app.shell.team_copy_gui import unlock_copy
                more = unlock_copy(self, path, e, mark)
            else:
                from app.shell.passphrases import unlock_file
                more = unlock_file(self, path.name, e)
            if more is None:
                raise
            ring.update(more)
            return open_campaign_file(path, ring), ring

    def open_campaign(self, path: Path | str) -> bool:
        """Load ``path``; on any problem show it and keep the current campaign open."""
        path = Path(path)
        try:
            campaign, ring = self.read_campaign(path)
        except SealedError:
            self.statusBar().showMessage(f"Not opened: {path.name}: its sealed secrets need a passphrase", 10000)
            return False
        except CampaignError as e:
            problems = "\n".join(f"\u2022 {p}" for p in e.problems)
            self.show_error("Cannot open campaign",
                            f"{path.name} cannot be opened; the campaign that was open stays open.\n\n"
                            f"{problems}\n\nFile: {e.source}")
            return False
        self._adopt(campaign, path, ring)
        return True

    def _adopt(self, campaign: Campaign, path: Path, keyring: Keyring | None = None) -> None:
        """Make ``campaign`` (read from ``path``) the open one and list it in Open Recent; remove
        the temporary files a killed save of it (or of its autosave) left; offer its autosave if
        it holds later work (once the event loop runs: at start, after the window is shown)."""
        self._show_campaign(campaign, path, keyring)
        self._remember(path)
        left = [*remove_stale_temps(path), *remove_stale_temps(autosave_file(path))]  # of a save killed
        if left:
            names = ", ".join(p.name for p in left)
            self.statusBar().showMessage(f"Removed what a save cut short left behind: {names}", 10000)
        found = recovery_offer(campaign, path, lambda p: self.read_campaign(p, keyring)[0]) \
            if self.offer_recovery else None
        if found is not None and self.session is not None:
            session = self.session
            session.hold_autosave()  # nothing overwrites the autosave before the user chooses
            QTimer.singleShot(0, lambda: self._offer_recovery(session, campaign, *found))

    def _offer_recovery(self, session, saved: Campaign, autosave: Path, recovered: Campaign) -> None:
        """Ask: Recover (the autosave's campaign, unsaved, on the original file) or Discard
        (the autosave kept aside)."""
        if self.session is not session:  # another campaign was opened meanwhile
            return
        path = session.path
        aside = discarded_file(autosave)
        box = QMessageBox(QMessageBox.Icon.Question, "Recover unsaved work?",
                          f"Recover <b>{recovered.name}</b> from {_when(autosave)}?",
                          QMessageBox.StandardButton.NoButton, self)
        box.setObjectName("recover_autosave")
        box.setStyleSheet("QLabel#qt_msgbox_informativelabel { min-width: 520px; }")  # paths fit on a line
        items = "".join(f"<li>{d}</li>" for d in differences(saved, recovered))
        save = "Save asks for a file of your own: the installed scenario is never written" if installed(path) \
            else "Save writes them there"
        box.setInformativeText(
            f"The autosave holds work that is not in {path.name}:<ul>{items}</ul>"
            f"<b>Recover</b> opens it as unsaved changes to {path} ({save}).<br>"
            f"<b>Discard</b> opens {path.name} as saved and keeps the autosave aside as {aside}.")
        recover = box.addButton("&Recover", QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton("&Discard", QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(recover)
        box.setEscapeButton(discard)
        box.exec()
        if self.session is not session:
            return
        if box.clickedButton() is recover:
            self._show_recovered(recovered, path, autosave)
            return
        _set_aside(autosave)
        session.release_autosave()
        self.statusBar().showMessage(f"Autosave not recovered; kept aside as {aside}", 10000)

    def _show_recovered(self, recovered: Campaign, path: Path, autosave: Path) -> None:
        """The autosave's campaign, open on the original file and marked unsaved."""
        self._show_campaign(recovered, path, self.session.keyring if self.session is not None else None)
        if self.session is not None:
            self.session.undo_stack.resetClean()  # unsaved: the title's * and the quit prompt
        self.setWindowModified(True)
        where = "Save asks for a file of your own" if installed(path) else "Save writes them there"
        self.statusBar().showMessage(f"Recovered the autosave of {_when(autosave)}: unsaved changes to "
                                     f"{path.name}; {where}", 10000)

    def open_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog  # when asked for: its ~5 Qt enum types are not the first frame's

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
        if self.campaign.team_copy is not None:  # its orders are exported, never saved (issue 23)
            from app.shell.team_copy_gui import may_close_copy
            return may_close_copy(self, doing)
        box = QMessageBox(QMessageBox.Icon.Warning, "Unsaved changes",
                          f"<b>{self.campaign.name}</b> has changes that are not saved.<br>"
                          f"Save them before {doing}?",
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self)
        box.setObjectName("unsaved_changes")
        box.setStyleSheet("QLabel#qt_msgbox_informativelabel { min-width: 460px; }")
        self.session.flush()
        autosave = self.session.autosave_path()
        if autosave.exists():
            box.setInformativeText(f"If you discard them, the autosave of the latest state is kept aside: "
                                   f"File \u2192 Open Last Autosave reopens it ({discarded_file(autosave)}).")
        else:
            box.setInformativeText("If you discard them, they are lost.")
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            _set_aside(autosave)  # not offered for recovery next time; Open Last Autosave finds it
            return True
        return False

    def save(self) -> bool:
        """Save over the current file; an installed scenario is never overwritten (Save As)."""
        if self.campaign_path is None or installed(self.campaign_path):
            return self.save_as_dialog()
        return self.save_to(self.campaign_path)

    def save_as_dialog(self) -> bool:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(self, "Save campaign as", "campaign.json", FILE_FILTER)
        return self.save_to(Path(path)) if path else False

    def save_to(self, path: Path) -> bool:
        if self.campaign is None:
            return False
        if self.campaign.team_copy is not None:
            from app.shell.team_copy_gui import WHY
            self.show_error("Cannot save a Team copy", WHY["save"])
            return False
        if installed(path):
            self.show_error("Cannot save campaign", f"{path} is an installed scenario, which BattleHex never "
                            "overwrites; save the campaign to a file of your own.")
            return False
        old = self.campaign_path
        if self.session is not None:
            self.session.flush()  # a pending autosave goes to the old file's autosave before it is set aside
        try:
            save_campaign(self.campaign, path)
        except OSError as e:
            reason = e.strerror or str(e)
            self.show_error("Cannot save campaign", reason if str(path) in reason else f"{path}: {reason}")
            return False
        except RuleError as e:  # secrets the keys would leave readable (rules/model/secrets_plain.py): nothing written
            self.show_error("Cannot save campaign", f"{path}: {e}")
            return False
        keep_last_answers(self.session)  # each battle at its last answer, as closing its window keeps it
        self.campaign_path = path
        if old is not None and old.resolve() != path.resolve():
            _set_aside(autosave_file(old))  # its work is saved in path now: never offered as unsaved
        if self.session is not None:
            self.session.path = path
            self.session.undo_stack.setClean()
        self._remember(path)
        self._set_title()
        self.statusBar().showMessage(f"Saved {path}", 5000)
        return True

    def open_autosave(self) -> None:
        """File > Open Last Autosave: the open file's latest autosave (or the one kept aside),
        shown as unsaved changes to the file itself, which stays the open file."""
        if self.session is None or self.campaign_path is None:
            return
        path = self.campaign_path
        if not self.may_close_campaign("opening the last autosave"):
            self.statusBar().showMessage("Autosave not opened; the campaign stays open", 6000)
            return
        found = [p for p in (autosave_file(path), discarded_file(autosave_file(path))) if p.exists()]
        if not found:
            self.show_error("No autosave", f"There is no autosave for {path.name} yet ({autosave_file(path)}).")
            return
        autosave = max(found, key=lambda p: p.stat().st_mtime)
        try:
            recovered, ring = self.read_campaign(autosave, self.session.keyring)
        except SealedError:
            self.statusBar().showMessage("Autosave not opened: its sealed secrets need a passphrase", 8000)
            return
        except CampaignError as e:
            self.show_error("Cannot open the autosave", e.report())
            return
        self.session.keyring.update(ring)
        self._show_recovered(recovered, path, autosave)

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent_files", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _remember(self, path: Path) -> None:
        p = str(path.resolve())
        now = self.recent_files()
        files = ([p] + [f for f in now if f != p])[:MAX_RECENT]
        if files != now:  # the same list set again would write the whole settings file again (issue 21)
            self.settings.setValue("recent_files", files)
            self._rebuild_recent()

    def _rebuild_recent(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for i, f in enumerate(files, 1):
            act = self.recent_menu.addAction(f"&{i} {f}")
            act.triggered.connect(lambda _=False, f=f: self.open_other(Path(f)))
        self.recent_menu.setEnabled(bool(files))


def installed(path: Path) -> bool:
    """Whether ``path`` is one of the scenarios installed with BattleHex (never written)."""
    try:
        return Path(path).resolve().is_relative_to(SCENARIOS.resolve())
    except OSError:
        return False


def recovery_offer(campaign: Campaign, path: Path, load: Callable[[Path], Campaign] = open_campaign_file
                   ) -> tuple[Path, Campaign] | None:
    """The autosave of ``path`` and its campaign (read by ``load``), when it is newer than the
    file and differs from ``campaign`` (the file's); ``None`` otherwise (also when it cannot be
    read, or its sealed secrets stay closed)."""
    autosave, legacy = autosave_file(path), legacy_autosave_file(path)
    if not autosave.exists() and legacy.exists():
        autosave = legacy  # written by an older BattleHex, keyed by the name alone
    try:
        if autosave.stat().st_mtime <= Path(path).stat().st_mtime:
            return None
        recovered = load(autosave)
    except (OSError, CampaignError):
        return None
    if autosave == legacy and recovered.name != campaign.name:
        return None  # another campaign's file of the same name
    return None if recovered == campaign else (autosave, recovered)


def _when(path: Path) -> str:
    """When ``path`` was written: ``14:02`` today, else with its date."""
    try:
        t = datetime.fromtimestamp(path.stat().st_mtime)
    except OSError:
        return "an earlier session"
    return f"{t:%H:%M}" if t.date() == datetime.now().date() else f"{t:%d %b %Y, %H:%M}"


def _set_aside(autosave: Path) -> None:
    """Keep an autosave the user did not take as ``...discarded.json`` (replacing an older one)."""
    with contextlib.suppress(OSError):
        os.replace(autosave, discarded_file(autosave))
