"""No import cycles in kaflite, TYPE_CHECKING imports included.

import-linter's contracts say which way layers point but cannot say "no cycles at all"; this test
builds the import graph with grimp (import-linter's own engine) and looks for cycles: between
modules, and between the top-level packages (kaflite.broker, kaflite.storage, ...). A cycle is a
design smell even when it only exists under TYPE_CHECKING (docs: architecture.md, "The next shape").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

grimp = pytest.importorskip("grimp")

COORDINATOR = "kaflite.coordinator"


@pytest.fixture(scope="module")
def imports() -> dict[str, set[str]]:
    """module -> the kaflite modules it imports (at any level, TYPE_CHECKING blocks included)."""
    graph = grimp.build_graph("kaflite", exclude_type_checking_imports=False, cache_dir=None)
    return {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}


def cycles(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Every strongly connected component with more than one node, or a node importing itself
    (Tarjan's algorithm, iterative: no recursion limit to think about)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in edges.get(node, ()):
                    found.append(sorted(component))
    return found


def describe(found: list[list[str]], edges: Mapping[str, Iterable[str]]) -> str:
    lines = []
    for component in found:
        members = set(component)
        lines.append("cycle among: " + ", ".join(component))
        lines += [f"    {a} -> {b}" for a in component for b in sorted(edges.get(a, ())) if b in members]
    return "\n".join(lines)


def _in_coordinator(component: list[str]) -> bool:
    return all(m == COORDINATOR or m.startswith(COORDINATOR + ".") for m in component)


def test_the_cycle_finder_finds_cycles() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}, "f": set()}
    assert cycles(edges) == [["a", "b", "c"], ["e"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_between_modules(imports: dict[str, set[str]]) -> None:
    found = [c for c in cycles(imports) if not _in_coordinator(c)]
    assert not found, describe(found, imports)


def test_no_import_cycle_inside_the_coordinator(imports: dict[str, set[str]]) -> None:
    # Kept apart from the test above so that, while the coordinator is being split, a cycle
    # there can be marked xfail without hiding one anywhere else.
    found = [c for c in cycles(imports) if _in_coordinator(c)]
    assert not found, describe(found, imports)


def test_no_import_cycle_between_top_level_packages(imports: dict[str, set[str]]) -> None:
    def top(module: str) -> str:
        return ".".join(module.split(".")[:2])

    packages: dict[str, set[str]] = {}
    for module, imported in imports.items():
        if module == "kaflite":
            continue
        targets = packages.setdefault(top(module), set())
        targets.update(top(m) for m in imported if m != "kaflite" and top(m) != top(module))
    found = cycles(packages)
    assert not found, describe(found, packages)
