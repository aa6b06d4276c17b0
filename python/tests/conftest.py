import json
from pathlib import Path

import pytest

# The shared vectors sit beside the repository: <repo>/../shared (python/tests -> repo root).
REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"


def load(name):
    """The strict RFC 3986 records of a conformance file (those without a `spec` field)."""
    path = SHARED / "conformance" / name
    if not path.exists():
        pytest.fail(f"{path} not found: the tests read ../shared beside the repository")
    with path.open(encoding="utf-8") as f:
        return [r for r in map(json.loads, f) if "spec" not in r]
