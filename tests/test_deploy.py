"""deploy/ checked offline, since no container engine runs on the project's machines (issue 17,
item 3): the Dockerfile linted by hadolint and built as a multi-stage, non-root image of the
production distributions only; the compose file valid against the Compose specification and
complete; the Kubernetes manifests valid against Kubernetes' schemas (kubernetes-validate),
each process probed and given resource requests, the workers covered by disruption budgets;
and every command they run one the platform has."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import kubernetes_validate
import pytest
import yaml
from conquest.health import PROBES
from django.core.management import get_commands
from django.test import Client

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
MANIFESTS = sorted((DEPLOY / "kubernetes").glob("*.yaml"))
PROCESSES = {"web", "worker", "remote-worker", "scheduler", "gateway"}
"""The production set's processes (deploy/README.md, "Processes")."""


def _manifests() -> list[dict]:
    return [doc for path in MANIFESTS for doc in yaml.safe_load_all(path.read_text()) if doc]


def _deployments() -> dict[str, dict]:
    """The Deployments by component label."""
    return {
        d["metadata"]["labels"]["app.kubernetes.io/component"]: d
        for d in _manifests()
        if d["kind"] == "Deployment"
    }


def test_the_dockerfile_passes_hadolint():
    hadolint = Path(sys.executable).parent / "hadolint"
    out = subprocess.run(
        [hadolint, str(DEPLOY / "Dockerfile")], capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_image_is_built_in_stages_and_runs_unprivileged_with_the_production_parts_only():
    text = (DEPLOY / "Dockerfile").read_text()
    stages = re.findall(r"^FROM \S+ AS (\w+)$", text, re.MULTILINE)
    assert stages == ["build", "runtime"]
    runtime = text[text.index("AS runtime") :]
    assert re.search(r"^USER 10001$", runtime, re.MULTILINE), "the runtime stage is not root"
    assert "COPY --from=build /opt/arena /opt/arena" in runtime
    installed = re.search(r'pip install --no-cache-dir \. "(\S+)"', text)
    assert installed is not None and installed[1] == "./platform[server]", "no dev or demo extra"
    assert "COPY tests" not in text and "[dev" not in text


def test_the_compose_file_follows_the_compose_specification():
    out = subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.compose-spec",
         str(DEPLOY / "compose.yaml")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_compose_file_runs_the_whole_production_set():
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = compose["services"]
    assert PROCESSES | {"postgres", "redis", "migrate"} <= set(services)
    for name in PROCESSES:
        after = services[name]["depends_on"]
        assert after["migrate"]["condition"] == "service_completed_successfully", name
    assert services["web"]["healthcheck"]["test"][-1].count("/readyz") == 1


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_each_manifest_is_valid_against_the_kubernetes_schemas(path):
    for doc in yaml.safe_load_all(path.read_text()):
        kubernetes_validate.validate(doc, kubernetes_validate.latest_version(), strict=True)


def test_every_process_has_a_deployment_with_requests_and_probes():
    deployments = _deployments()
    assert set(deployments) == PROCESSES
    for name, deployment in deployments.items():
        (container,) = deployment["spec"]["template"]["spec"]["containers"]
        assert {"cpu", "memory"} <= set(container["resources"]["requests"]), name
        assert "memory" in container["resources"]["limits"], name
        if name != "scheduler":  # no port or heartbeat of its own: Recreate keeps it single
            assert "livenessProbe" in container, name
    assert deployments["scheduler"]["spec"]["replicas"] == 1
    assert deployments["scheduler"]["spec"]["strategy"]["type"] == "Recreate"
    for name in ("web", "gateway"):
        (container,) = deployments[name]["spec"]["template"]["spec"]["containers"]
        assert "readinessProbe" in container, name


def test_the_workers_have_disruption_budgets():
    budgets = [d for d in _manifests() if d["kind"] == "PodDisruptionBudget"]
    covered = {b["spec"]["selector"]["matchLabels"]["app.kubernetes.io/component"] for b in budgets}
    assert covered == {"worker", "remote-worker"}
    deployments = _deployments()
    for budget in budgets:
        component = budget["spec"]["selector"]["matchLabels"]["app.kubernetes.io/component"]
        labels = deployments[component]["spec"]["template"]["metadata"]["labels"]
        assert budget["spec"]["selector"]["matchLabels"].items() <= labels.items()


def _commands() -> list[list[str]]:
    """Every command the compose file and the manifests run, probes included."""
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    found = [s["command"] for s in compose["services"].values() if "command" in s]
    for doc in _manifests():
        spec = doc.get("spec", {}).get("template", {}).get("spec", {})
        for container in spec.get("containers", []):
            found.append(container["command"])
            probe = container.get("livenessProbe", {}).get("exec")
            if probe:
                found.append(probe["command"][-1].split())
    return found


def test_every_command_is_one_the_platform_has():
    commands = get_commands()
    for command in _commands():
        if command[:2] == ["python", "manage.py"]:
            assert command[2] in commands, command
        elif command[0] == "celery":
            assert command[1:3] == ["-A", "conquest"] and command[3] in ("worker", "beat")
        elif command[0] == "gunicorn":
            assert command[1] == "conquest.wsgi:application"
        else:
            assert command[0] == "redis-server", command


def test_the_web_probes_are_the_platforms_health_pages():
    web = _deployments()["web"]["spec"]["template"]["spec"]["containers"][0]
    live, ready = (web[probe]["httpGet"]["path"] for probe in ("livenessProbe", "readinessProbe"))
    assert (live, ready) == ("/healthz", "/readyz")
    assert {live, ready} <= set(PROBES)
    assert Client().get(live).status_code == 200
