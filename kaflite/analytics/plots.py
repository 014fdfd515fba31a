"""PNG plots for the report, from small pandas tables (Agg backend: no display, safe in CI and on servers)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.dates as mdates
import matplotlib.pyplot as plt

MAX_GROUPS = 8


def _top_groups(df: Any, weight: str) -> list[str]:
    if df.empty:
        return []
    return list(df.groupby("group")[weight].sum().sort_values(ascending=False).index[:MAX_GROUPS])


def _time_axis(ax: Any) -> None:
    loc = mdates.AutoDateLocator()
    ax.xaxis.set_major_locator(loc)
    ax.xaxis.set_major_formatter(mdates.ConciseDateFormatter(loc))
    ax.set_xlabel("time (UTC)")


def _empty(ax: Any, text: str) -> None:
    ax.text(0.5, 0.5, text, ha="center", va="center", transform=ax.transAxes, color="grey")
    ax.set_xticks([])
    ax.set_yticks([])


def _save(fig: Any, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def plot_lag(lag_by_group: Any, path: Path, bucket: float) -> Path:
    """Total committed lag per group over time (sum of the partitions' lag at their last commit per bucket)."""
    fig, ax = plt.subplots(figsize=(10, 4.5), dpi=100)
    groups = _top_groups(lag_by_group, "total_lag")
    for g in groups:
        d = lag_by_group[lag_by_group["group"] == g].sort_values("bucket_start")
        ax.plot(d["bucket_start"], d["total_lag"], label=g, linewidth=1.2)
    if groups:
        ax.set_ylabel("lag (records)")
        _time_axis(ax)
        ax.legend(fontsize=8, loc="upper left")
        ax.grid(alpha=0.3)
    else:
        _empty(ax, "no offset commits")
    ax.set_title(f"Consumer lag per group ({bucket:g} s buckets)")
    return _save(fig, path)


def plot_rebalances(generations: Any, path: Path) -> Path:
    """Per group, members over time as a step line with one marker per generation (each rebalance)."""
    groups = _top_groups(generations.assign(n=1), "n")
    fig, axes = plt.subplots(max(1, len(groups)), 1, figsize=(10, 1.8 + 1.6 * max(1, len(groups))), dpi=100,
                             sharex=True, squeeze=False)
    if not groups:
        _empty(axes[0][0], "no group metadata")
    for ax, g in zip(axes[:, 0], groups, strict=False):
        d = generations[generations["group"] == g].sort_values("generation")
        ax.step(d["time"], d["members"], where="post", linewidth=1.2)
        ax.scatter(d["time"], d["members"], s=14, zorder=3)
        if len(d) <= 30:
            for t, m, gen in zip(d["time"], d["members"], d["generation"], strict=True):
                ax.annotate(str(gen), (t, m), textcoords="offset points", xytext=(0, 5), fontsize=7, ha="center")
        ax.set_ylabel("members")
        ax.set_title(f"{g}: {len(d)} generations", fontsize=9, loc="left")
        ax.set_ylim(bottom=0, top=max(1, int(d["members"].max() or 0)) + 1)
        ax.grid(alpha=0.3)
        _time_axis(ax)
    fig.suptitle("Rebalance timeline (generation numbers above the markers)")
    return _save(fig, path)


def plot_commit_rate(commit_rate: Any, path: Path, bucket: float) -> Path:
    fig, ax = plt.subplots(figsize=(10, 4), dpi=100)
    groups = _top_groups(commit_rate, "commits")
    for g in groups:
        d = commit_rate[commit_rate["group"] == g].sort_values("bucket_start")
        ax.plot(d["bucket_start"], d["commits_per_second"], label=g, linewidth=1.2)
    if groups:
        ax.set_ylabel("offset commits / s")
        _time_axis(ax)
        ax.legend(fontsize=8, loc="upper left")
        ax.grid(alpha=0.3)
    else:
        _empty(ax, "no offset commits")
    ax.set_title(f"Commit rate per group ({bucket:g} s buckets)")
    return _save(fig, path)


#: Transaction outcome -> its colour on the timeline.
OUTCOME_COLOURS = {"COMMIT": "tab:green", "ABORT": "tab:red", "OPEN": "tab:grey"}


def plot_transactions(transactions: Any, path: Path) -> Path:
    """One lane per transactional id (producer id when unnamed), a bar per partition transaction from its
    first batch to its marker, coloured by outcome; an open one runs to the latest time seen."""
    names = transactions["transactional_id"].fillna("producer " + transactions["producer_id"].astype(str))
    t = transactions.assign(name=names)
    lanes = list(t.groupby("name").size().sort_values(ascending=False).index[:MAX_GROUPS])
    fig, ax = plt.subplots(figsize=(10, 1.6 + 0.6 * max(1, len(lanes))), dpi=100)
    if not lanes:
        _empty(ax, "no transactions")
    latest = t[["first_time", "marker_time"]].max().max()
    for y, name in enumerate(lanes):
        d = t[t["name"] == name]
        for outcome, colour in OUTCOME_COLOURS.items():
            o = d[d["outcome"] == outcome]
            start = o["first_time"].fillna(o["marker_time"])
            end = o["marker_time"].fillna(latest)
            ax.hlines([y] * len(o), start, end, colors=colour, linewidth=6)
            ax.scatter(end, [y] * len(o), s=12, color=colour, zorder=3)
    if lanes:
        ax.set_yticks(range(len(lanes)), lanes, fontsize=8)
        ax.set_ylim(-0.6, len(lanes) - 0.4)
        _time_axis(ax)
        ax.grid(alpha=0.3, axis="x")
    ax.set_title("Transactions: first batch to marker, per partition (green committed, red aborted, grey open)")
    return _save(fig, path)


def render_all(tables: dict[str, Any], out: Path, bucket: float) -> dict[str, Path]:
    """lag.png, rebalances.png, commit_rate.png in `out`, and transactions.png when there are any."""
    plots = {
        "lag": plot_lag(tables["lag_by_group"], out / "lag.png", bucket),
        "rebalances": plot_rebalances(tables["generations"], out / "rebalances.png"),
        "commit_rate": plot_commit_rate(tables["commit_rate"], out / "commit_rate.png", bucket),
    }
    transactions = tables.get("transactions")
    if transactions is not None and not transactions.empty:
        plots["transactions"] = plot_transactions(transactions, out / "transactions.png")
    return plots
