"""B-STATE-2's bounded history, across groups: a deleted group's history is kept (a test may still read how
it ended), but only for the RETIRED_HISTORIES most recently gone. A suite that uses a fresh group id per test,
or a fuzzer, would otherwise grow the broker by one history per group id it ever saw (the 1,000,000-frame
torture run found it)."""

from __future__ import annotations

import pytest

from kaflite.coordinator import context as coordinator_context
from tests.coordinator.harness import Harness
from tests.coordinator.test_admin import delete


def test_histories_of_deleted_groups_are_kept_for_the_most_recent_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coordinator_context, "RETIRED_HISTORIES", 3)
    h = Harness()
    for i in range(6):
        group = f"g{i}"
        (member,) = h.form_group(1, group=group)
        h.leave(group, (member, None))
        assert delete(h, group) == {group: 0}
    assert h.coord.history("g0") == [] and h.coord.history("g2") == []  # the oldest three are forgotten
    assert [str(t.to_state) for t in h.coord.history("g5")][-1] == "Dead"  # the newest still tell their end
    assert sorted(h.coord.ctx.histories) == ["g3", "g4", "g5"]


def test_a_group_id_used_again_takes_its_history_back_from_the_retired(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coordinator_context, "RETIRED_HISTORIES", 1)
    h = Harness()
    (member,) = h.form_group(1, group="again")
    h.leave("again", (member, None))
    assert delete(h, "again") == {"again": 0}
    h.form_group(1, group="again")  # alive again: not retired, whatever else is deleted meanwhile
    for i in range(3):
        (m,) = h.form_group(1, group=f"other{i}")
        h.leave(f"other{i}", (m, None))
        delete(h, f"other{i}")
    states = [str(t.to_state) for t in h.coord.history("again")]
    assert "Dead" in states and states[-1] == "Stable"  # its first life and its second, one history
    assert "again" in h.coord.ctx.histories and len(h.coord.ctx.histories) == 2
