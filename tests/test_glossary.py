"A store's glossary (db.glossary) is read by every surface from the database itself: the CLI finds what the Python call finds."
import json, os, subprocess, sys, shutil
from litesearch import database

def _cmd(): return [shutil.which('litesearch')] if shutil.which('litesearch') else [sys.executable, '-m', 'litesearch.cli']

def _store(p, glossary):
    db = database(p)
    db.add_doc([(1, '# Cash flows\nPurchases of property and equipment were 10,495 in 2019.'), (2, '# Risk\nCapital is at risk.')], title='acme')
    db.glossary(glossary); db.close()

def _search(p, q):
    r = subprocess.run(_cmd() + ['search', q, '--json', '--db', str(p)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout

def test_cli_uses_the_stores_glossary(tmp_path):
    _store(tmp_path/'g.db', 'finance')
    assert 'Purchases of property and equipment' in _search(tmp_path/'g.db', 'capex')
    assert database(tmp_path/'g.db').sections('capex', limit=1)[0]['title'] == 'Cash flows'

def test_no_glossary_no_expansion(tmp_path):
    _store(tmp_path/'n.db', {})
    assert 'Purchases of property' not in _search(tmp_path/'n.db', 'capex')
    assert len(database(tmp_path/'n.db').sections('capex', limit=1)) == 0

def test_cli_sets_shows_and_clears_it(tmp_path):
    p = tmp_path/'c.db'; _store(p, {})
    run = lambda *a: subprocess.run(_cmd() + ['glossary', *a, '--db', str(p)], capture_output=True, text=True, timeout=120)
    assert run('finance').returncode == 0 and 'Purchases of property and equipment' in _search(p, 'capex')
    assert 'capex → purchases of property and equipment' in run().stdout
    (tmp_path/'mine.json').write_text(json.dumps({'ppe': 'property and equipment'}))
    assert run(str(tmp_path/'mine.json')).returncode == 0 and json.loads(subprocess.run(
        _cmd() + ['glossary', '--json', '--db', str(p)], capture_output=True, text=True, timeout=120).stdout) == {'glossary': {'ppe': 'property and equipment'}}
    assert run('none').returncode == 0 and 'no glossary' in run().stdout
    r = run('medicine'); assert r.returncode == 1 and "expected 'finance', 'auto', 'none' or a JSON file" in r.stderr

def test_info_says_the_store_expands_questions(tmp_path):
    p = tmp_path/'i.db'; _store(p, {})
    info = lambda: subprocess.run(_cmd() + ['info', '--db', str(p)], capture_output=True, text=True, timeout=120).stdout
    assert 'glossary' not in info()
    db = database(p); db.glossary('finance'); db.close()
    assert 'glossary   finance' in info()
    db = database(p); db.glossary({'ppe': 'property and equipment'}); db.close()
    assert 'glossary   1 phrase of your own' in info()

_COVER = ('FORM 10-{f}\n\nFor the {p} ended December 31, 2023\n\nACME CORPORATION\n\n(Exact name of registrant as specified in its charter)\n\n'
          '# Cash flows\n\nPurchases of property and equipment were {n}.')

def test_a_store_left_to_choose_takes_finance_with_its_first_filing_and_says_so(tmp_path):
    "`add` prints the change when it happens, `info` keeps saying it, and `glossary none` turns it off for good."
    d = tmp_path/'docs'; d.mkdir(); (d/'notes.md').write_text('# Notes\n\nCapital is at risk.')
    p = tmp_path/'a.db'
    cli = lambda *a: subprocess.run(_cmd() + [*a, '--db', str(p)], capture_output=True, text=True, timeout=120)
    r = cli('add', str(d)); assert r.returncode == 0 and 'glossary' not in r.stdout
    assert 'Purchases of property' not in _search(p, 'capex')
    (d/'acme-10k.md').write_text(_COVER.format(f='K', p='fiscal year', n='10,495'))
    r = cli('add', str(d)); assert r.returncode == 0, r.stderr
    assert 'glossary now finance (automatic: the store holds a 10-K or 10-Q' in r.stdout
    assert 'glossary   finance (automatic' in cli('info').stdout and 'Purchases of property and equipment' in _search(p, 'capex')
    assert cli('glossary', 'none').returncode == 0 and 'glossary' not in cli('info').stdout
    (d/'acme-10q.md').write_text(_COVER.format(f='Q', p='quarterly period', n='2,001'))
    r = cli('add', str(d)); assert r.returncode == 0 and 'glossary' not in r.stdout      # turned off, a later filing leaves it off
    assert 'Purchases of property' not in _search(p, 'capex')
    assert cli('glossary', 'auto').returncode == 0 and 'glossary   finance (automatic' in cli('info').stdout

def test_a_chosen_glossary_is_kept_when_filings_arrive(tmp_path):
    p = tmp_path/'k.db'; _store(p, {'ppe': 'property and equipment'})
    db = database(p); db.add_doc([(1, _COVER.format(f='K', p='fiscal year', n='1'))], title='acme-10k')
    assert db.glossary() == {'ppe': 'property and equipment'}
