"""The multi-host test's hosts (``network.py``): made on the private network only, a cut link
loses the packets between two hosts and nothing else, mending brings it back, and nothing is
left behind, not even by a run that was killed. Needs root, as CI has (it fails otherwise)."""

from __future__ import annotations

import ipaddress
import json
import subprocess
import sys
import time

import pytest
from network import NETWORK, PREFIX, Network, ip

PORT = 8765
READY_SECONDS = 30.0


def _namespaces() -> set[str]:
    return {line.split()[0] for line in ip("netns", "list").splitlines() if line.strip()}


@pytest.fixture(name="network")
def network_fixture():
    """Hosts ``db`` (two addresses, a TCP server on each) and ``client``; removed after."""
    network = Network({"db": 2, "client": 1})
    servers = []
    try:
        network.create()
        db = network.hosts["db"]
        for address in db.addresses:
            command = [*db.prefix, sys.executable, "-m", "http.server", "-b", address, str(PORT)]
            servers.append(
                subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            )
        deadline = time.monotonic() + READY_SECONDS
        while not all(network.reaches("client", a, PORT) for a in db.addresses):
            assert time.monotonic() < deadline, "the servers never answered"
            time.sleep(0.2)
        yield network
    finally:
        for server in servers:
            server.kill()
            server.wait(30)
        network.remove()


def test_the_hosts_have_addresses_and_routes_on_the_private_network_only(network):
    for host in network.hosts.values():
        for link in json.loads(ip("-j", "-n", host.namespace, "-4", "addr", "show")):
            for found in link["addr_info"]:
                address = ipaddress.ip_address(found["local"])
                assert address.is_loopback or address in NETWORK
        routes = json.loads(ip("-j", "-n", host.namespace, "route", "show"))
        assert [route["dst"] for route in routes] == [str(NETWORK)]


def test_no_address_but_the_hosts_is_accepted(network):
    assert network.own(network.hosts["db"].address) == network.hosts["db"].address
    for address in ("127.0.0.1", "10.231.0.200", "8.8.8.8"):
        with pytest.raises(ValueError, match="not an address of the test's hosts"):
            network.own(address)


def test_a_cut_loses_the_packets_to_one_address_until_mended(network):
    postgres, redis = network.hosts["db"].addresses
    cut = network.cut("x", "client", "db", redis)
    try:
        assert not network.reaches("client", redis, PORT)
        assert network.reaches("client", postgres, PORT)
    finally:
        network.mend(cut)
    assert network.reaches("client", redis, PORT)


def test_a_cut_from_a_host_loses_the_packets_to_each_of_its_addresses(network):
    cut = network.cut("x", "client", "db")
    try:
        assert not any(network.reaches("client", a, PORT) for a in network.hosts["db"].addresses)
    finally:
        network.mend(cut)
    assert all(network.reaches("client", a, PORT) for a in network.hosts["db"].addresses)


def test_nothing_is_left_after_a_run_not_even_a_killed_one():
    gone = subprocess.Popen(["true"])
    gone.wait()
    leftover = f"{PREFIX}{gone.pid}-db"  # a namespace of a run whose process is gone
    ip("netns", "add", leftover)
    network = Network({"db": 1})
    try:
        network.create()
        assert leftover not in _namespaces()
        assert set(network.namespaces) <= _namespaces()
    finally:
        network.remove()
        subprocess.run(["ip", "netns", "del", leftover], capture_output=True)
    assert not set(network.namespaces) & _namespaces()
