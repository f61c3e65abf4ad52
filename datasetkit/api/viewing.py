"""``view``: the review page over datasets, served on this machine (see :mod:`datasetkit.viewer`)."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datasetkit.viewer.server import ReviewServer


class Viewer:
    """A running review page: its address, and how to stop it.

    In a notebook it shows as a link; ``stop()`` (or leaving a ``with`` block) ends it.
    """

    def __init__(self, server: ReviewServer) -> None:
        self._server = server
        self._stopped = threading.Event()

    @property
    def url(self) -> str:
        """The page's address (with its token: keep it to yourself)."""
        return self._server.url

    @property
    def port(self) -> int:
        """The port on 127.0.0.1 the page is served on."""
        return self._server.port

    def wait(self) -> None:
        """Block until :meth:`stop` (or Ctrl-C, which stops the page)."""
        try:
            while not self._stopped.wait(0.5):
                pass
        except KeyboardInterrupt:
            self.stop()
            raise

    def stop(self) -> None:
        """Stop serving the page (unsaved decisions in the page are lost)."""
        if not self._stopped.is_set():
            self._stopped.set()
            self._server.stop()

    def __enter__(self) -> Viewer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = "stopped" if self._stopped.is_set() else "serving"
        return f"<datasetkit.Viewer {state} at {self.url}>"

    def _repr_html_(self) -> str:
        import html

        return f'<a href="{html.escape(self.url)}" target="_blank">Open the review page</a>'


def view(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    *,
    knowledge: Iterable[str | os.PathLike[str]] = (),
    output: str | os.PathLike[str] | None = None,
    to: str | None = None,
    format: str | None = None,
    port: int = 0,
    open_browser: bool = True,
) -> Viewer:
    """Serve the review page over dataset files and return at once (the page runs in a thread).

    ``knowledge`` names the knowledge files or folders whose passages generated cases may
    show; ``output`` a new file to save the review into (in ``to``'s format) instead of
    saving in place; ``format`` the datasets' format when it cannot be told. The page is
    on 127.0.0.1 (a free port unless ``port`` is given) behind a random token, and opens
    in the browser unless ``open_browser`` is false.

        >>> page = datasetkit.view("evals.json", open_browser=False)  # doctest: +SKIP
        >>> page.url  # doctest: +SKIP
        'http://127.0.0.1:49152/?token=...'
    """
    from datasetkit.api.sources import expand_paths
    from datasetkit.viewer.server import ReviewServer
    from datasetkit.viewer.session import ReviewSession

    named = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    files = [p for p in expand_paths([os.fspath(p) for p in named]) if p != "-"]
    session = ReviewSession(
        files,
        format=format,
        knowledge=[os.fspath(k) for k in knowledge],
        output=os.fspath(output) if output is not None else None,
        to=to,
    )
    server = ReviewServer(session, port)
    server.start()
    if open_browser:
        import webbrowser

        webbrowser.open(server.url)
    return Viewer(server)
