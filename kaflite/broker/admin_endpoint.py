"""The admin endpoint as the server starts it: the HTTP server (admin_http.py, on h11), the web console's routes and
``GET /metrics``. The server imports this module only when admin.port is set, so a start without the endpoint
loads none of h11, the console or prometheus_client (issue 32, item 7)."""

from __future__ import annotations

from kaflite.broker.admin_http import AdminHttpServer, start_admin_http
from kaflite.broker.admin_ops import AdminOps
from kaflite.broker.console import register_console
from kaflite.broker.context import BrokerContext
from kaflite.broker.groups import GroupHandler
from kaflite.broker.metrics import metrics_scraper
from kaflite.broker.router import Router


async def start_admin_endpoint(ops: AdminOps, port: int, context: BrokerContext, groups: GroupHandler,
                               router: Router) -> AdminHttpServer:
    """Listen on 127.0.0.1:`port` (OSError if it cannot) with every route: the admin operations, the console,
    /metrics (counting began at start, ``ServerState.stats``, so the first scrape already sees every request)."""
    admin = await start_admin_http(ops, port)
    register_console(admin)
    admin.add_get("/metrics", metrics_scraper(context, groups, router, ops.share_handler))
    return admin
