"""A thread beside the server that does one round of work every
``tick_seconds``, or at once when woken: the rink laptop's push to the
league (:class:`~rinkside.services.sync_client.PushLoop`) and the webhooks'
deliveries (:class:`~rinkside.services.webhooks.DeliveryLoop`). Nothing of it
runs on the event loop or in a console's write."""

from __future__ import annotations

import logging
import threading
from typing import Self

__all__ = ["Ticker"]


class Ticker:
    """Calls :meth:`work` in a daemon thread named ``name`` every
    ``tick_seconds``, or at once after :meth:`wake`; a round that fails is
    logged to ``log`` with ``failure`` and the next one comes all the same.
    :meth:`stop` ends the thread (within 5 s)."""

    def __init__(self, name: str, tick_seconds: float, log: logging.Logger,
                 failure: str) -> None:
        self.tick_seconds = tick_seconds
        self._log = log
        self._failure = failure
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def work(self) -> None:
        """One round; the subclass's."""
        raise NotImplementedError

    def wake(self) -> None:
        self._wake.set()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(self.tick_seconds)
            self._wake.clear()
            if self._stop.is_set():
                return
            try:
                self.work()
            except Exception:  # a failing round must not stop the loop
                self._log.exception(self._failure)

    def start(self) -> Self:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
