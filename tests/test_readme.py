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

def test_readme_python_example_runs(tmp_path, monkeypatch):
    "The README's Python example runs as written, in a folder with a docs/ directory."
    import re
    code = re.search(r'```python\n(.*?)```', (ROOT/'README.md').read_text(), re.S).group(1)
    (tmp_path/'docs').mkdir()
    (tmp_path/'docs'/'saturn.md').write_text('# Saturn\n\n## Transits\n\nSaturn stays in a sign for about two and a half years.\n')
    monkeypatch.chdir(tmp_path)
    ns = {}
    exec(code, ns)
    assert ns['secs'] and ns['secs'][0]['breadcrumb'] == 'saturn › Transits'   # the h1 repeats the file name: said once
    ns['db'].close()

def test_readme_main_job_runs(tmp_path):
    "The README's install-and-run command, minus the install, works from the project root on the EU corpus."
    import re, shlex, subprocess, sys, shutil
    cmd = re.search(r'## Install and run\n\n```sh\n(.*?)\n```', (ROOT/'README.md').read_text(), re.S).group(1)
    steps = [s.strip() for s in cmd.split('&&')]
    assert steps[0].startswith('pip install'), steps
    exe = shutil.which('litesearch')
    for s in steps[1:]:
        argv = shlex.split(s.replace('eu.db', str(tmp_path/'eu.db')))
        assert argv[0] == 'litesearch', argv
        # the console script when installed (CI installs it); the same entry point through python -m otherwise
        run = [exe] + argv[1:] if exe else [sys.executable, '-m', 'litesearch.cli'] + argv[1:]
        r = subprocess.run(run, cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, (s, r.stderr[-2000:])
    assert 'Article 44' in r.stdout, r.stdout[:2000]     # the place-of-supply rule for services to a taxable person
