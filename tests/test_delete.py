"Delete by anything a user has (issue 11): id, title, source path or file name; twice is a no-op; an ambiguous name is refused."
import subprocess, sys, shutil
import pytest
from litesearch import database

@pytest.fixture
def db(tmp_path):
    d = database(tmp_path/'d.db')
    d.add_doc('# A\nalpha text', title='alpha', source='/data/notes/alpha.md')
    d.add_doc('# B\nbeta text', title='beta', source='/data/notes/beta.md')
    d.add_doc('# B2\nanother beta', title='beta', source='/data/old/beta.md')
    yield d
    d.close()

def test_by_title_path_filename_and_id(db):
    assert db.delete_doc('alpha')['chunks'] == 1 and db.delete_doc('alpha') == dict(doc='alpha', removed=None, chunks=0)   # twice: nothing left, no error
    r = db.delete_doc('/data/old/beta.md')          # a document's only source: the document goes
    assert (r['removed'], r['chunks'], r['sources']) == ('document', 1, ['/data/old/beta.md'])
    (bid,) = [r[0] for r in db.execute("SELECT id FROM docs WHERE source = '/data/notes/beta.md'")]
    assert db.delete_doc('beta.md')['chunks'] == 1 and db.delete_doc(bid)['removed'] is None
    assert db.t.docs.count == 0 and db.t.store.count == 0 and db.t.nodes.count == 0

def test_ambiguous_name_is_refused(db):
    with pytest.raises(ValueError, match="'beta' names 2 documents"): db.delete_doc('beta')
    with pytest.raises(ValueError, match="'beta.md' names 2 documents"): db.delete_doc('beta.md')
    assert db.t.docs.count == 3
    with pytest.raises(TypeError): db.delete_doc(None)

def test_cli_rm_by_path_and_twice(db, tmp_path):
    db.close()
    cmd = [shutil.which('litesearch')] if shutil.which('litesearch') else [sys.executable, '-m', 'litesearch.cli']
    run = lambda *a: subprocess.run(cmd + list(a) + ['--db', str(tmp_path/'d.db')], capture_output=True, text=True, timeout=120)
    r = run('rm', '/data/notes/alpha.md')
    assert r.returncode == 0 and r.stdout.startswith('removed alpha ('), r.stdout + r.stderr
    r = run('rm', '/data/notes/alpha.md')
    assert r.returncode == 0 and r.stdout.startswith('nothing to remove'), r.stdout
    r = run('rm', 'beta')
    assert r.returncode == 1 and "'beta' names 2 documents" in r.stderr
