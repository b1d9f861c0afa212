"""blindspot_target: write a blindspot protocol target (docs/protocol.md) for a
Python benchmark. `Benchmark` (benchmark.py) is the five-function way;
`server` holds the loop and the pieces the AgentDojo and BFCL bridges build
on; `readback` the generic state-to-tables readback; `effect` the diff."""

from .benchmark import Benchmark
from .effect import canonical, diff
from .readback import Readback, world_id
from .server import ProtocolError, frozen_datetime, serve

__all__ = ["Benchmark", "ProtocolError", "Readback", "canonical", "diff", "frozen_datetime", "serve", "world_id"]
