# setup-python.sh runs this: fails loudly when the install lacks what the miniwob
# target reads (the task HTML folder and the two harnesses' success rules).
import importlib.util
import pathlib

import miniwob

html = pathlib.Path(miniwob.__file__).parent / "html"
for needed in ("core/core.js", "miniwob/click-button.html", "miniwob/click-checkboxes-soft.html"):
    if not (html / needed).is_file():
        raise SystemExit(f"miniwob smoke: {html / needed} is missing from the installed miniwob package")
for module in ("miniwob.reward", "browsergym.miniwob.base"):
    if importlib.util.find_spec(module) is None:
        raise SystemExit(f"miniwob smoke: cannot find module {module}")
print(f"miniwob smoke: task HTML at {html}")
