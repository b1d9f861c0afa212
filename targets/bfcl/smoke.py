# setup-python.sh runs this: it fails loudly when the install cannot serve the bridge
# (the checker, the API classes and the task data).
from pathlib import Path

import bfcl_eval
from bfcl_eval.eval_checker.multi_turn_eval.func_source_code import gorilla_file_system  # noqa: F401
from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_checker import multi_turn_checker  # noqa: F401

data = Path(bfcl_eval.__file__).resolve().parent / "data"
for category in ("base", "miss_param", "miss_func", "long_context"):
    assert (data / f"BFCL_v4_multi_turn_{category}.json").is_file(), category
    assert (data / "possible_answer" / f"BFCL_v4_multi_turn_{category}.json").is_file(), category
