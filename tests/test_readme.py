"README.md is the markdown of nbs/index.ipynb, and it names the test command CI runs."
import json
from pathlib import Path
ROOT = Path(__file__).parent.parent

def test_readme_matches_index():
    nb = json.loads((ROOT/'nbs/index.ipynb').read_text())
    md = '\n\n'.join(''.join(c['source']) for c in nb['cells'] if c['cell_type'] == 'markdown') + '\n'
    assert (ROOT/'README.md').read_text() == md, 'regenerate README.md from nbs/index.ipynb'

def test_readme_test_command_is_ci():
    cmd = 'nbdev_test --path nbs && pytest -q tests'
    assert cmd in (ROOT/'README.md').read_text() and cmd in (ROOT/'.ci/run').read_text()
