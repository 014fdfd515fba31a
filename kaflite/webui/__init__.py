"""The web console's static assets (HTML, CSS, JS; no build step, nothing fetched from the network) and the
one timeline picture both the live console and ``kaflite analyze``'s HTML report draw.

Why a package of its own: the broker serves these files (kaflite.broker.console) and the offline report
inlines ``timeline.js`` (kaflite.analytics.report); neither should import the other to share a drawing.
"""

from __future__ import annotations

import functools
import json
from typing import Any

#: Every file the console may serve, by name: nothing else under this package is reachable over HTTP.
ASSETS: dict[str, str] = {
    "index.html": "text/html; charset=utf-8",
    "console.css": "text/css; charset=utf-8",
    "console.js": "text/javascript; charset=utf-8",
    "dom.js": "text/javascript; charset=utf-8",  # console.js's page toolkit, loaded before it
    "timeline.js": "text/javascript; charset=utf-8",
}


@functools.cache
def asset(name: str) -> bytes:
    """An asset's bytes (read once: they ship in the wheel and do not change while kaflite runs)."""
    if name not in ASSETS:
        raise KeyError(name)
    from importlib.resources import files  # (its imports are ~2 ms of a start with the admin endpoint on)

    return files(__name__).joinpath(name).read_bytes()


def script_json(value: Any) -> str:
    """JSON safe inside a <script> element (no "</script>" or "<!--" can end it early)."""
    return json.dumps(value, separators=(",", ":")).replace("<", "\\u003c").replace(">", "\\u003e")


def timeline_html(data: dict[str, Any], element_id: str = "timeline") -> str:
    """A self-contained HTML fragment drawing ``data`` (timeline.js's input, see there) as the console does:
    the renderer's source is inlined, so the report opens with no network and no kaflite running."""
    js = asset("timeline.js").decode()
    return (f'<div id="{element_id}" class="kaflite-timeline"></div>\n<script>{js}</script>\n'
            f"<script>KafliteTimeline.render(document.getElementById({json.dumps(element_id)}), "
            f"{script_json(data)});</script>")
