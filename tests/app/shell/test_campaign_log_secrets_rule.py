"""The campaign log's passphrase lines cite a section a person reads, not a file path (issue 22, seen
on the real screen: the rule column read "[docs/SECRETS.md]" beside "The GM set a passphrase ...").
Passphrases set through File > Passphrases write their lines under "Secrets"; a line an earlier
version wrote under the path (a file saved before) is shown the same way."""
from __future__ import annotations

from rules.model.records import LogEntry
from rules.model.seals import LOG_RULE
from tests.app.shell.test_passphrases import sealed_file  # noqa: F401 (the fixture)


def _shown(w, campaign=None) -> list[str]:
    dock = w.campaign_log
    dock.show_log(campaign or w.campaign, "table")
    return [line for line in dock.view.toPlainText().splitlines() if "passphrase" in line or "key" in line]


def test_the_passphrase_lines_cite_secrets_not_a_file_path(sealed_file):  # noqa: F811
    w, _path = sealed_file
    lines = _shown(w)
    assert lines, w.campaign.log[-3:]
    assert all("[Secrets]" in line for line in lines), lines
    assert not [line for line in lines if "docs/" in line or ".md" in line], lines
    assert {e.rule for e in w.campaign.log if "passphrase" in e.text} == {LOG_RULE} == {"Secrets"}


def test_a_line_written_under_the_path_before_reads_secrets_too(sealed_file):  # noqa: F811
    w, _path = sealed_file
    old = LogEntry(turn=1, rule="docs/SECRETS.md", text="The GM set a passphrase for Alliance (written before).")
    lines = _shown(w, w.campaign.model_copy(update={"log": [*w.campaign.log, old]}))
    assert any(line.endswith("[Secrets] The GM set a passphrase for Alliance (written before).") for line in lines), lines
    assert not [line for line in lines if "docs/" in line], lines
