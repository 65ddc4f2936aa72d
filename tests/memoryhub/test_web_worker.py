"""Connections spread over the web server's workers (core/fastpath/web_worker.py), on a real socket.

Two listeners in one uvloop loop stand for two workers sharing gunicorn's listening socket: both
are woken for each connection, in the same order every time, so without the balance the first
would take them all.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import uvloop

from core.fastpath import web_worker
from core.fastpath.web_worker import BalancedListener, ConnectionShares, Holdings
from tests.support.processes import PROJECT_DIR


class _Served(asyncio.Protocol):
    """A connection held open until the client closes it, then reported to its listener."""

    def __init__(self, listeners: dict[str, BalancedListener], name: str) -> None:
        self.listeners, self.name = listeners, name

    def connection_lost(self, exc: Exception | None) -> None:
        self.listeners[self.name].lost()


@contextmanager
def _listening() -> Iterator[socket.socket]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(16)
        yield sock


def _run(main: Callable[[], Coroutine[Any, Any, None]]) -> None:
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        runner.run(main())


async def _until(predicate: Callable[[], bool]) -> None:
    """Let the loop run (the connections' I/O, the listeners' callbacks) until ``predicate`` holds."""
    loop = asyncio.get_running_loop()
    deadline = time.monotonic() + 10
    while not predicate():
        assert time.monotonic() < deadline, "gave up waiting"
        turn = loop.create_future()
        loop.call_soon(turn.set_result, None)  # one pass of the loop, then look again
        await turn


class _Clock:
    """The time a listener reads for its grace, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _listener(
    sock: socket.socket, listeners: dict[str, BalancedListener], name: str, shares: ConnectionShares, **kwargs: Any
) -> None:
    """A listener standing for one worker, with a slot of its own in ``shares``."""
    listeners[name] = BalancedListener(sock, lambda: _Served(listeners, name), holdings=Holdings(shares), **kwargs)


def test_each_connection_goes_to_the_worker_holding_fewest() -> None:
    shares = ConnectionShares(slots=4)

    async def main() -> None:
        with _listening() as sock, sock.dup() as second:
            listeners: dict[str, BalancedListener] = {}
            _listener(sock, listeners, "first", shares)
            _listener(second, listeners, "second", shares)
            first, other = listeners["first"], listeners["second"]
            clients = []
            for number in range(1, 7):
                clients.append(await asyncio.open_connection(*sock.getsockname()))
                await _until(lambda number=number: first.held + other.held == number)  # type: ignore[misc]
                assert abs(first.held - other.held) <= 1, (number, first.held, other.held)
            assert (first.held, other.held) == (3, 3)

            # Two connections end, wherever they were: the next two restore the balance.
            for _, writer in clients[:2]:
                writer.close()
            await _until(lambda: first.held + other.held == 4)
            for number in range(5, 7):
                clients.append(await asyncio.open_connection(*sock.getsockname()))
                await _until(lambda number=number: first.held + other.held == number)  # type: ignore[misc]
            assert (first.held, other.held) == (3, 3)
            for _, writer in clients:
                writer.close()
            await _until(lambda: first.held + other.held == 0)
            first.close()
            other.close()

    _run(main)


Client = tuple[asyncio.StreamReader, asyncio.StreamWriter]


async def _beside_another_worker(
    sock: socket.socket, shares: ConnectionShares, clock: _Clock
) -> tuple[BalancedListener, list[Client]]:
    """A listener beside another worker that holds no connections (a slot of ``shares``): it takes
    a first connection (0 held against 0: its turn), and a second one arrives (1 against 0)."""
    listeners: dict[str, BalancedListener] = {}
    _listener(sock, listeners, "this", shares, grace=60.0, clock=clock)
    this = listeners["this"]
    clients = [await asyncio.open_connection(*sock.getsockname())]
    await _until(lambda: this.held == 1)
    clients.append(await asyncio.open_connection(*sock.getsockname()))
    return this, clients


async def _close(this: BalancedListener, clients: list[Client]) -> None:
    for _, writer in clients:
        writer.close()
    await _until(lambda: this.held == 0)
    this.close()


def test_a_worker_that_cannot_take_its_turn_holds_no_connection_back() -> None:
    """A slot claims a live process with no connections that never accepts (a worker whose loop is
    stuck): the listener declines, then takes the waiting connection after the grace period."""
    shares = ConnectionShares(slots=4)
    assert shares.claim(_sleeper_pid()) is not None

    clock = _Clock()

    async def main() -> None:
        with _listening() as sock:
            this, clients = await _beside_another_worker(sock, shares, clock)
            await _until(lambda: this.recheck is not None)  # not its turn: passed
            clock.now += 59.0
            seen = this.recheck
            await _until(lambda: this.recheck is not None and this.recheck is not seen)  # looked again
            assert this.held == 1  # 59 s of the 60 s grace: still left for the other worker
            clock.now += 1.0
            await _until(lambda: this.held == 2)  # taken once it waited the whole grace
            await _close(this, clients)

    _run(main)


@pytest.mark.parametrize("turn_comes_by", ["another worker taking connections", "a connection of its own ending"])
def test_a_worker_takes_the_waiting_connection_as_soon_as_its_turn_comes(
    turn_comes_by: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker that let a connection pass looks again when one of its own ends (at once) or after
    RECHECK_SECONDS (another worker's count rose, which it is not told of). With a grace of a
    minute that never ends, the connection would otherwise wait for ever; short-lived connections waited 20 ms
    each before a worker looked again on its own connections' end."""
    if turn_comes_by == "a connection of its own ending":
        monkeypatch.setattr(web_worker, "RECHECK_SECONDS", 60.0)  # only the end of its own can tell it
    shares = ConnectionShares(slots=4)
    other = shares.claim(_sleeper_pid())  # another worker, its count set by hand
    assert other is not None

    async def main() -> None:
        with _listening() as sock:
            this, clients = await _beside_another_worker(sock, shares, _Clock())  # the grace never ends
            await _until(lambda: this.recheck is not None)  # passed, waiting for the other
            if turn_comes_by == "another worker taking connections":
                shares.publish(other, 5)
                holding = 2  # the second, taken
            else:
                clients[0][1].close()
                holding = 1  # the second, taken; the first gone
            await _until(lambda: this.recheck is None and this.held == holding)
            await _close(this, clients)

    _run(main)


_sleepers: list[subprocess.Popen[bytes]] = []


def _sleeper_pid() -> int:
    """A live process that is no worker: it waits to read what never comes, until killed."""
    sleeper = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    _sleepers.append(sleeper)
    return sleeper.pid


def teardown_module() -> None:
    for sleeper in _sleepers:
        sleeper.kill()
        sleeper.wait()


def test_a_slot_whose_worker_is_gone_is_left_out_and_claimed_again() -> None:
    shares = ConnectionShares(slots=2)
    here = shares.claim(_sleeper_pid())
    assert here == 0
    assert shares.fewest_elsewhere(here) is None  # alone
    shares.publish(here, 3)
    there = shares.claim(_sleeper_pid())
    assert there == 1
    shares.publish(there, 2)
    assert shares.fewest_elsewhere(here) == 2 and shares.fewest_elsewhere(there) == 3

    _sleepers[-1].kill()  # the second worker dies without releasing its slot
    _sleepers[-1].wait()
    assert shares.fewest_elsewhere(here) is None  # its 2 connections are gone with it
    assert shares.claim(_sleeper_pid()) == 1  # its slot is free again, with no connections
    assert shares.fewest_elsewhere(here) == 0
    assert shares.claim(_sleeper_pid()) is None  # every slot taken: that worker goes unbalanced

    shares.release(here)
    assert shares.claim(_sleeper_pid()) == 0


_PINNED = """
import json, os, sys, threading
from core.fastpath.web_worker import cpu_pin
slot, workers, cpus = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
if cpus == "one":
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
before = threading.Event()
started = threading.Thread(target=before.wait)  # a thread already running, as the warm-up's is
started.start()
cpu = cpu_pin(slot, workers=workers)
later = threading.Thread(target=before.wait)  # one started afterwards, as the request threads are
later.start()
threads = sorted(sorted(os.sched_getaffinity(int(thread))) for thread in os.listdir("/proc/self/task"))
before.set()
print(json.dumps({"cpu": cpu, "threads": threads}))
"""


def _pinned(slot: int, *, workers: int, cpus: str = "all") -> dict[str, Any]:
    """What ``cpu_pin`` did in a process of its own (``cpus``: "one" when it may use only one):
    the CPU, and each thread's CPUs."""
    run = subprocess.run(
        [sys.executable, "-c", _PINNED, str(slot), str(workers), cpus],
        cwd=PROJECT_DIR,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(run.stdout)  # type: ignore[no-any-return]


CPUS = sorted(os.sched_getaffinity(0))


@pytest.mark.skipif(len(CPUS) < 2, reason="needs two CPUs to choose from")
def test_each_worker_keeps_to_the_cpu_of_its_slot_with_every_thread() -> None:
    for slot in (0, 1, len(CPUS)):  # the slots after the last CPU start again from the first
        pinned = _pinned(slot, workers=len(CPUS))
        expected = CPUS[slot % len(CPUS)]
        assert pinned["cpu"] == expected
        assert pinned["threads"] == [[expected]] * 3  # the main thread, one started before, one after


@pytest.mark.skipif(len(CPUS) < 2, reason="needs two CPUs to choose from")
def test_fewer_workers_than_cpus_are_left_where_the_kernel_puts_them() -> None:
    pinned = _pinned(1, workers=len(CPUS) - 1)
    assert pinned["cpu"] is None
    assert pinned["threads"] == [CPUS] * 3


def test_a_process_that_may_use_one_cpu_is_left_as_it_is() -> None:
    pinned = _pinned(1, workers=2, cpus="one")
    assert pinned["cpu"] is None
    assert pinned["threads"] == [[CPUS[0]]] * 3
