"""Hosts for the multi-host test: Linux network namespaces joined by a bridge, on a private
network of their own, and the links between two of them cut and mended.

Every namespace this module makes is named ``<PREFIX><pid>-<name>`` (the prefix says it is the
test's, the pid which run made it); a run first removes the leftovers of runs whose process is
gone. The bridge lives in a namespace of its own (the switch); each host has one veth into it,
``eth0``, with addresses on :data:`NETWORK` only. Nothing is created in the namespace the test
was started in, no namespace has a route beyond :data:`NETWORK` (no default route, no NAT),
and :meth:`Network.own` refuses every address that is not one of the hosts'.

A link is cut by routing the packets between two hosts, both ways, through :data:`NOWHERE`,
an address of the network that every host believes to be at a hardware address nobody has:
they are lost without a word, as on a dead link (no error comes back to the sender), and the
connections open through it stall until the link is mended.
"""

from __future__ import annotations

import contextlib
import ctypes
import ipaddress
import json
import os
import re
import signal
import subprocess
import sys
from dataclasses import dataclass

from conquest.matches.workers import running

PREFIX = "arh"
NETWORK = ipaddress.ip_network("10.231.0.0/24")
NOWHERE = "10.231.0.254"
NOWHERE_MAC = "02:00:00:00:00:fe"
"""A locally administered hardware address no interface has."""
CUT_TABLE = "100"
"""The routing table of the replies a cut drops (chosen by a rule on their source)."""
CLONE_NEWNET = 0x40000000
_LIBC = ctypes.CDLL(None, use_errno=True)


def ip(*args: str) -> str:
    """Run ``ip args``; its output. RuntimeError, with what ``ip`` said, if it fails."""
    done = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        raise RuntimeError(
            f"`ip {' '.join(args)}` failed: {done.stderr.strip()} (the multi-host test needs "
            "root, or CAP_NET_ADMIN and CAP_SYS_ADMIN, to make network namespaces)"
        )
    return done.stdout


@dataclass(frozen=True)
class Host:
    """A host: its name, its namespace and its addresses (the first is its address)."""

    name: str
    namespace: str
    addresses: tuple[str, ...]

    @property
    def address(self) -> str:
        """Its first address."""
        return self.addresses[0]

    @property
    def prefix(self) -> list[str]:
        """The command that runs a program on this host."""
        return ["ip", "netns", "exec", self.namespace]


@dataclass(frozen=True)
class Cut:
    """A link cut: the ``ip`` commands that made it, each undone by the same with ``del``."""

    name: str
    commands: tuple[tuple[str, ...], ...]


class Network:
    """The hosts, by name, each with the number of addresses asked for."""

    def __init__(self, addresses: dict[str, int]) -> None:
        self.run = f"{PREFIX}{os.getpid()}"
        self.switch = f"{self.run}-switch"
        numbers = iter(NETWORK.hosts())
        self.hosts = {
            name: Host(name, f"{self.run}-{name}", tuple(str(next(numbers)) for _ in range(n)))
            for name, n in addresses.items()
        }
        self._home: int | None = None

    @property
    def namespaces(self) -> list[str]:
        """Every namespace of the network, the switch's last."""
        return [*(host.namespace for host in self.hosts.values()), self.switch]

    def own(self, address: str) -> str:
        """``address``, once checked to be one of the hosts' (ValueError otherwise: the test
        sends nothing anywhere else)."""
        mine = {a for host in self.hosts.values() for a in host.addresses}
        if address not in mine or ipaddress.ip_address(address) not in NETWORK:
            raise ValueError(f"{address} is not an address of the test's hosts {sorted(mine)}")
        return address

    def create(self) -> Network:
        """Make the switch and the hosts (after removing a killed run's leftovers), and check
        that they reach nothing beyond :data:`NETWORK`."""
        remove_leftovers()
        ip("netns", "add", self.switch)
        ip("-n", self.switch, "link", "add", "br0", "type", "bridge")
        ip("-n", self.switch, "link", "set", "br0", "up")
        for number, host in enumerate(self.hosts.values()):
            ns, port = host.namespace, f"port{number}"
            ip("netns", "add", ns)
            ip("-n", ns, "link", "add", "eth0", "type", "veth", "peer", "name", port, "netns",
               self.switch)  # fmt: skip
            ip("-n", self.switch, "link", "set", port, "master", "br0", "up")
            for address in host.addresses:
                ip("-n", ns, "addr", "add", f"{address}/{NETWORK.prefixlen}", "dev", "eth0")
            ip("-n", ns, "link", "set", "eth0", "up")
            ip("-n", ns, "link", "set", "lo", "up")
            ip("-n", ns, "neigh", "add", NOWHERE, "lladdr", NOWHERE_MAC, "dev", "eth0",
               "nud", "permanent")  # fmt: skip
        self.check_isolated()
        return self

    def check_isolated(self) -> None:
        """RuntimeError unless every host's addresses and routes are on :data:`NETWORK` or
        loopback only."""
        for host in self.hosts.values():
            ns = host.namespace
            for link in json.loads(ip("-j", "-n", ns, "addr", "show")):
                for found in link.get("addr_info", []):
                    address = ipaddress.ip_address(found["local"])
                    if not (address.is_loopback or address.is_link_local or address in NETWORK):
                        raise RuntimeError(f"{ns} has the address {address}")
            for route in json.loads(ip("-j", "-n", ns, "route", "show")):
                if route["dst"] == "default" or ipaddress.ip_network(route["dst"]) != NETWORK:
                    raise RuntimeError(f"{ns} has a route beyond {NETWORK}: {route}")

    def reaches(self, name: str, address: str, port: int, seconds: float = 2.0) -> bool:
        """Does a TCP connection from host ``name`` to ``address:port`` open within
        ``seconds``?"""
        target = (self.own(address), port)
        code = f"import socket; socket.create_connection({target!r}, timeout={seconds}).close()"
        command = [*self.hosts[name].prefix, sys.executable, "-c", code]
        return subprocess.run(command, capture_output=True, timeout=seconds + 60).returncode == 0

    def enter(self, name: str) -> None:
        """Move this process onto host ``name`` (the calling thread, and every thread it starts
        afterwards: call it before any other starts)."""
        self._home = os.open("/proc/self/ns/net", os.O_RDONLY)
        _setns(f"/run/netns/{self.hosts[name].namespace}")

    def cut(self, name: str, client: str, server: str, address: str | None = None) -> Cut:
        """Cut host ``client`` from host ``server`` (from its ``address`` only, if given): the
        packets between them are lost, both ways, until :meth:`mend`."""
        near, far = self.hosts[client], self.hosts[server]
        targets = [self.own(address)] if address else list(far.addresses)
        nowhere = ("via", NOWHERE, "dev", "eth0")
        commands: list[tuple[str, ...]] = []
        for target in targets:
            commands.append((near.namespace, "route", "add", f"{target}/32", *nowhere))
            for source in near.addresses:
                commands.append((far.namespace, "rule", "add", "from", f"{target}/32", "to",
                                 f"{source}/32", "lookup", CUT_TABLE))  # fmt: skip
        for source in near.addresses:
            commands.append((far.namespace, "route", "add", f"{source}/32", *nowhere, "table",
                             CUT_TABLE))  # fmt: skip
        for command in commands:
            ip("-n", *command)
        return Cut(name, tuple(commands))

    def mend(self, cut: Cut) -> None:
        """Bring a cut link back."""
        for ns, kind, _, *rest in cut.commands:
            ip("-n", ns, kind, "del", *rest)

    def remove(self) -> None:
        """Go back to the namespace this process came from, end every process left on the
        hosts and delete every namespace (their veths and the bridge with them)."""
        if self._home is not None:
            _setns_fd(self._home)
            os.close(self._home)
            self._home = None
        for ns in self.namespaces:
            remove_namespace(ns)


def _setns(path: str) -> None:
    descriptor = os.open(path, os.O_RDONLY)
    try:
        _setns_fd(descriptor)
    finally:
        os.close(descriptor)


def _setns_fd(descriptor: int) -> None:
    if _LIBC.setns(descriptor, CLONE_NEWNET) != 0:
        error = ctypes.get_errno()
        raise OSError(error, f"setns: {os.strerror(error)}")


def remove_namespace(ns: str) -> None:
    """SIGKILL every process left in namespace ``ns`` (but this one), then delete it."""
    with contextlib.suppress(RuntimeError):
        for pid in ip("netns", "pids", ns).split():
            if int(pid) != os.getpid():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(int(pid), signal.SIGKILL)
    with contextlib.suppress(RuntimeError):
        ip("netns", "del", ns)


def remove_leftovers() -> None:
    """Delete the namespaces of earlier runs whose process is gone (a killed run's)."""
    for line in ip("netns", "list").splitlines():
        name = line.split()[0] if line.split() else ""
        found = re.fullmatch(rf"{PREFIX}(\d+)-[\w-]+", name)
        if found and not running(int(found[1])):
            remove_namespace(name)
