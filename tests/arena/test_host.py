"""Several calls in one child process (``conquest/matches/host.py``): calls share a child up
to its capacity; a step that does not return kills its child, failing that call as its own
failure and the child's other calls as the platform's; a call past its wall clock is
cancelled alone; a call may retire its child; notes reach their own call."""

from __future__ import annotations

import asyncio
import multiprocessing.context
import os
import signal
import threading
import time

import pytest
from conquest.gateway.management.commands.bench_gateway import most_at_once
from conquest.matches import host, remote_sandbox
from conquest.matches.sandbox import SandboxError


async def _job(argument: tuple[str, float]):
    """What the tests' calls do, by name, after ``seconds``: answer the child's pid (with
    when the call began and ended: "span"), loop without returning, raise, note twice, retire
    the child, die, think (block its step for ``seconds``, having allowed it that and a
    second more), or overthink (the same, then block it as long again, not allowed)."""
    what, seconds = argument
    began = time.monotonic()
    await asyncio.sleep(seconds)
    if what == "span":
        return os.getpid(), began, time.monotonic()
    if what == "loop":
        while True:
            pass
    if what == "raise":
        raise RuntimeError("engine bug")
    if what == "note":
        host.note("started")
        host.note(os.getpid())
    if what == "retire":
        host.retire()
    if what in ("think", "overthink"):
        with host.allowing(seconds + 1):
            time.sleep(seconds)
    if what == "overthink":  # the same step, past its limit once the thinking is done
        time.sleep(seconds)
    if what == "die":
        os.kill(os.getpid(), signal.SIGKILL)
    return os.getpid()


@pytest.fixture
def make():
    """A host of ``_job`` with the capacity asked for, closed at the end; its children come
    from the remote worker's forkserver, as in a worker (forked from a test's thread, a child
    would die with the thread: ``PR_SET_PDEATHSIG``)."""
    remote_sandbox.start_forkserver()
    made = []

    def make(capacity: int) -> host.Host:
        made.append(host.Host(_job, memory_mb=256, capacity=capacity))
        return made[-1]

    yield make
    for each in made:
        each.close()


def _in_threads(box: host.Host, arguments, **limits):
    """Each call made at once from a thread of its own: its answer or its SandboxError."""
    answers: list[object] = [None] * len(arguments)

    def call(i: int) -> None:
        try:
            answers[i] = box.call(arguments[i], **{"wall_seconds": 30, "step_seconds": 5, **limits})
        except SandboxError as error:
            answers[i] = error

    threads = [threading.Thread(target=call, args=(i,)) for i in range(len(arguments))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


def test_calls_share_a_child_up_to_its_capacity(make):
    box = make(3)
    answers = _in_threads(box, [("span", 3)] * 5)
    assert all(isinstance(answer, tuple) for answer in answers), answers
    children = {pid for pid, _, _ in answers}
    assert os.getpid() not in children
    for child in children:
        spans = [(began, ended) for pid, began, ended in answers if pid == child]
        assert most_at_once(spans) <= 3, "no child runs more calls at once than its capacity"
    if most_at_once([(began, ended) for _, began, ended in answers]) > 3:
        assert len(children) >= 2, "more calls at once than a child takes: another child"


def test_a_step_that_does_not_return_fails_its_call_and_the_childs_others_as_the_platforms(make):
    box = make(3)
    looped, waiting, raised = _in_threads(
        box, [("loop", 3), ("pid", 20), ("raise", 0)], step_seconds=1
    )
    assert isinstance(looped, SandboxError) and looped.exitcode is None
    assert str(looped) == "a step ran past its limit of 1 s: the match process was killed"
    assert isinstance(waiting, SandboxError) and waiting.exitcode == -signal.SIGKILL
    assert "another match's step ran past its limit" in str(waiting)
    assert isinstance(raised, SandboxError) and str(raised) == "RuntimeError: engine bug"
    assert "Traceback" in raised.detail and "_job" in raised.detail
    assert isinstance(box.call(("pid", 0), wall_seconds=30, step_seconds=5), int), "a fresh child"


def test_a_step_is_allowed_the_time_of_its_allowed_block_only(make):
    box = make(2)
    thought, other = _in_threads(box, [("think", 2), ("pid", 0)], step_seconds=1)
    assert thought == other and isinstance(thought, int), "neither was killed"
    (overthought,) = _in_threads(box, [("overthink", 2)], step_seconds=1)
    assert isinstance(overthought, SandboxError) and "ran past its limit" in str(overthought)


def test_a_call_past_its_wall_clock_is_cancelled_alone(make):
    box = make(2)
    done: list[int] = []
    waiting = threading.Thread(target=lambda: done.append(box.call(("pid", 8), wall_seconds=30,
                                                                   step_seconds=5)))  # fmt: skip
    waiting.start()
    (late,) = _in_threads(box, [("pid", 20)], wall_seconds=1.5)
    children = box.pids
    waiting.join(30)
    assert isinstance(late, SandboxError) and str(late) == "exceeded the wall-clock limit of 1.5 s"
    assert done == children, "the other call of the child went on"


def test_a_call_past_its_wall_clock_in_a_step_kills_its_child(make):
    box = make(1)
    with pytest.raises(SandboxError, match="exceeded the wall-clock limit of 1 s"):
        box.call(("loop", 0), wall_seconds=1, step_seconds=60)
    deadline = time.monotonic() + 10
    while box.pids and time.monotonic() < deadline:
        time.sleep(0.05)
    assert box.pids == [], "the child is gone"


def test_a_call_that_retires_its_child_sends_the_next_calls_to_a_fresh_one(make):
    box = make(2)
    long = threading.Thread(target=lambda: first.append(box.call(("pid", 4), wall_seconds=30,
                                                                 step_seconds=5)))  # fmt: skip
    first: list[int] = []
    long.start()
    retired = box.call(("retire", 2), wall_seconds=30, step_seconds=5)
    after = box.call(("pid", 0), wall_seconds=30, step_seconds=5)
    long.join(30)
    assert first == [retired], "the call in flight ended on the retired child"
    assert after != retired


def test_notes_reach_their_call_and_a_death_says_how(make):
    box = make(2)
    notes: list[object] = []
    pid = box.call(("note", 0), wall_seconds=30, step_seconds=5, on_note=notes.append)
    assert notes == ["started", pid]
    with pytest.raises(SandboxError) as died:
        box.call(("die", 0), wall_seconds=30, step_seconds=5, on_note=notes.append)
    assert (died.value.exitcode, str(died.value)) == (
        -signal.SIGKILL,
        "the match process was killed by SIGKILL",
    )


def test_a_child_that_cannot_start_fails_every_call_that_joined_it(make, monkeypatch):
    box = make(2)

    def unable(process):
        time.sleep(0.5)  # the second call joins it meanwhile
        raise OSError("the forkserver is gone")

    monkeypatch.setattr(multiprocessing.context.ForkServerProcess, "start", unable)
    failures: list[BaseException] = []

    def call() -> None:
        try:
            box.call(("pid", 0), wall_seconds=30, step_seconds=5)
        except OSError as error:
            failures.append(error)

    threads = [threading.Thread(target=call) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert [str(error) for error in failures] == ["the forkserver is gone"] * 2
    assert box.pids == []
    monkeypatch.undo()
    assert isinstance(box.call(("pid", 0), wall_seconds=30, step_seconds=5), int), "a fresh child"
