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
    "The README's Python examples run as written, in order, from a folder beside the shipped corpora (`../shared/data/eu`)."
    import re
    blocks = re.findall(r'```python\n(.*?)```', (ROOT/'README.md').read_text(), re.S)
    assert len(blocks) >= 2, 'the quickstart and the agent example'
    shared = (ROOT/'..'/'shared').resolve()
    assert (shared/'data'/'eu').is_dir(), f'{shared}/data/eu: the EU corpus the README quickstart ingests is missing'
    (tmp_path/'shared').symlink_to(shared)        # ../shared/data/eu from tmp_path/repo, as from the repository's folder
    (tmp_path/'repo').mkdir()
    monkeypatch.chdir(tmp_path/'repo')
    ns = {}
    for code in blocks: exec(code, ns)
    db, secs = ns['db'], ns['secs']
    assert (tmp_path/'repo'/'eu.db').exists()
    assert len(db.toc(depth=0)) == 8, [d['title'] for d in db.toc(depth=0)]
    assert secs[0]['title'] == 'Article 44', [s['breadcrumb'] for s in secs]   # the place-of-supply rule for services to a taxable person
    assert secs[0]['breadcrumb'].startswith('dir_2006_112_2022-07-01_eng › TITLE V'), secs[0]['breadcrumb']
    sec = db.read(secs[0]['node_id'])
    assert sec['pages'] == [29, 29] and 'place of supply of services to a taxable person acting as such' in sec['text'], sec
    assert [f.__name__ for f in db.tools()] == ['toc', 'read', 'docs', 'sections', 'context', 'search', 'breadcrumb', 'refs']
    assert ns['sections']('place of supply of services to a taxable person', limit=3)[0]['node_id'] == secs[0]['node_id']
    db.close()

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
