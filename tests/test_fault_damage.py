"""Bad errors (issue 27): damaged bytes name the damaged database and its file; a `where=` that never ends is stopped under a
time budget; a closed database is freed (apswutils' class-wide `table` cache held every one)."""
import litesearch, litesearch.tuning
import gc, subprocess, sys, textwrap, weakref
import pytest
import litesearch.db
from litesearch import database
from litesearch.db import DamagedDatabaseError

MARK = 'Zürichmarkerword'

def build(p):
    db = database(p, wal=False)
    for i in range(5): db.add_doc(f'# {MARK} {i}\n\nSome text about planets {i}.', title=f'{MARK} {i}', meta={'k': i})
    db.close()

def damage(p, old: bytes, new: bytes):
    b = p.read_bytes(); assert old in b
    p.write_bytes(b.replace(old, new))

def test_text_not_utf8_names_the_file(tmp_path):
    p = tmp_path/'d.db'; build(p)
    damage(p, MARK.encode(), MARK.encode().replace('ü'.encode(), b'\xff\xfe'))      # every copy of the word: no longer UTF-8
    db = database(p)
    for call in (lambda: db.toc(), lambda: db.sections('planets', emb=False), lambda: db.docs('planets', emb=False)):
        with pytest.raises(DamagedDatabaseError) as e: call()
        msg = str(e.value)
        assert f'database {p.resolve()} is damaged' in msg and 'UnicodeDecodeError' in msg and 'integrity_check' in msg
    with pytest.raises(DamagedDatabaseError): db.toc()
    with pytest.raises(ValueError): db.toc()             # still a ValueError, as the UnicodeDecodeError was
    nid = db.execute("SELECT id FROM nodes WHERE id LIKE '%#1'").fetchone()[0]     # ids are intact: the titles are not
    for call in (db.breadcrumb, db.read, db.refs):
        with pytest.raises(DamagedDatabaseError, match='is damaged'): call(nid)
    db.close()

def test_meta_not_json_names_the_file(tmp_path):
    p = tmp_path/'j.db'; build(p)
    damage(p, b'{"k": 3}', b'{"k"- 3}')
    db = database(p)
    with pytest.raises(DamagedDatabaseError, match='JSONDecodeError'): db.toc()
    db.close()

def test_damaged_schema_names_the_file(tmp_path):
    p = tmp_path/'s.db'; build(p)
    damage(p, b'sqlite_autoindex_nodes_1', b'sqlyte_autoindex_nodes_1')
    for ro in (None, True):
        with pytest.raises(DamagedDatabaseError) as e: database(p, readonly=ro)
        assert f'database {p.resolve()} is damaged: opening it' in str(e.value)

RUN = '''
import sys, litesearch.db
from litesearch import database
litesearch.tuning.WHERE_TIMEOUT = 0.3
db = database(); db.add_doc('# A\\n\\nsaturn rings', title='a')
forever = 't.rowid IN (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c WHERE x < 0)'
calls = dict(search=lambda: db.chunk_search('saturn', where=forever), sections=lambda: db.sections('saturn', where=forever),
             doc_search=lambda: db.doc_search('saturn', where=forever), fts=lambda: db['store'].fts_search('saturn', where=forever),
             vec=lambda: db['store'].vec_search(db.embedder().query(['saturn'])[0], where=forever),
             table=lambda: db['store'](forever.replace('t.rowid', 'rowid')))
for name, f in calls.items():
    try: f(); print(name, 'ran')
    except litesearch.db.WhereTimeoutError as e: print(name, 'stopped', 'still running after 0.3 s' in str(e) and 'WITH RECURSIVE' in str(e))
print('after', db.sections('saturn', where='t.rowid > 0')[0]['breadcrumb'])
'''

def test_where_that_never_ends_is_stopped(tmp_path):
    "Run in a child with a generous timeout: before the budget, the first call never returned."
    r = subprocess.run([sys.executable, '-c', RUN], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    lines = r.stdout.split('\n')
    assert lines[:6] == [f'{n} stopped True' for n in ('search', 'sections', 'doc_search', 'fts', 'vec', 'table')], r.stdout
    assert lines[6] == 'after a'

def test_closed_database_is_freed(tmp_path):
    p = tmp_path/'f.db'; build(p)
    db = database(p); db.toc(); db.sections('planets'); db['store']; db.close()
    r = weakref.ref(db); del db; gc.collect()
    assert r() is None, [type(x).__name__ for x in gc.get_referrers(r())][:10]
