"A read call sees one snapshot: a document another connection or process deletes meanwhile is whole in the answer or absent."
from conftest import setall
import os, sys, subprocess, textwrap, time
import pytest
from apswutils.db import Database
from litesearch import database, hash_embed

TRIALS = int(os.environ.get('LITESEARCH_FAULT_TRIALS', '1'))      # multiplies the stress loop below (1: CI)
DOCS = [('# Act %d\n\n## Supply\n\nThe place of supply of services %d is where the customer is established.\n\n'
         '## Rates\n\nA reduced rate of value added tax applies to books, item %d.' % (i, i, i), f'act{i}') for i in range(12)]
Q = 'place of supply of services reduced rate'

def build(p):
    db = database(p)
    for text, title in DOCS: db.add_doc(text, title=title, embedder=hash_embed)
    return db

def whole(secs):
    "Every section and hit names its document, title and text: nothing half-read from two snapshots."
    for s in secs:
        assert s['doc_id'] and s['title'] and s['breadcrumb'] and s['pages'][0] is not None, s
        assert all(h['text'] and h['node_id'] == s['node_id'] for h in s['passages']), s

@pytest.mark.parametrize('ann', [False, True])
def test_delete_between_statements(db_path, monkeypatch, ann):
    "Another connection deletes every hit's document right after the search statement; the rest of the call reads the same snapshot."
    db, other = build(db_path), database(db_path)
    real = Database.chunk_search
    def racing(self, *a, **k):
        res = real(self, *a, **k)
        if self is db:
            hits = res['fts'] + res['vec'] if isinstance(res, dict) else res
            for did in {h['doc_id'] for h in hits if 'doc_id' in h} & {r['id'] for r in other.t.docs()}: other.delete_doc(did)
        return res
    monkeypatch.setattr(Database, 'chunk_search', racing)
    e = hash_embed([Q])[0]
    secs = db.sections(Q, e, ann=ann)                       # was KeyError: node ...: no such node
    assert len(secs) == 5; whole(secs)
    assert other.t.docs.count < len(DOCS)                    # the deletes happened, during the call
    for d, t in DOCS: other.add_doc(d, title=t, embedder=hash_embed)
    hits = db.doc_search(Q, e, ann=ann)
    assert hits and all(h['text'] and h['breadcrumb'] for h in hits)
    for d, t in DOCS: other.add_doc(d, title=t, embedder=hash_embed)
    ctx = db.context(Q, e, limit=3, ann=ann)
    assert len(ctx['sections']) == 3 and all(s['text'] and s['context']['breadcrumb'] for s in ctx['sections'])
    monkeypatch.undo()
    if ann: assert not getattr(db.t.store.ann, 'provisional', False)   # built inside a read snapshot: nothing uncommitted, kept
    assert len(db.toc()) == other.t.docs.count               # after the call, this connection sees the deletes
    db.close(); other.close()

def test_sections_while_another_process_deletes(db_path):
    "Stress: a second process deletes and re-adds documents in a loop while this one runs sections() and doc_search()."
    db = build(db_path)
    stop = db_path.with_suffix('.stop')
    code = textwrap.dedent(f'''
        import os, itertools
        from litesearch import database, hash_embed
        docs = {DOCS!r}
        db = database({str(db_path)!r})
        for i in itertools.count():
            if os.path.exists({str(stop)!r}): break
            text, title = docs[i % len(docs)]
            db.delete_doc(db.toc(title)[0]['doc_id'])
            db.add_doc(text, title=title, embedder=hash_embed)
        print(i, flush=True)
        db.close()''')
    w = subprocess.Popen([sys.executable, '-c', code], stdout=subprocess.PIPE, text=True)
    e = hash_embed([Q])[0]
    try:
        time.sleep(0.5)
        for _ in range(150 * TRIALS):
            whole(db.sections(Q, e))
            assert all(h['text'] and h['breadcrumb'] for h in db.doc_search(Q, e))
    finally:
        stop.touch()
        out, _ = w.communicate(timeout=60)
    assert w.returncode == 0 and int(out) > 5               # the writer really deleted documents meanwhile
    print(f'{150 * TRIALS} sections() + doc_search() calls while another process replaced {int(out)} documents')
    db.close()

def test_first_read_call_races_a_writer(db_path, monkeypatch):
    "A read call that must create the tables (a fresh database) while another connection commits them: retried in a fresh snapshot."
    import litesearch.tree as tree
    a = database(db_path); a.execute('CREATE TABLE other (x)')
    b = database(db_path)
    real, raced = tree._tree_ready, []
    def racing(db, *args):
        r = real(db, *args)
        if db is b and not raced: raced.append(1); a.add_doc(DOCS[0][0], title=DOCS[0][1])    # commits the tree meanwhile
        return r
    setall(monkeypatch, '_tree_ready', racing)
    assert [t['title'] for t in b.toc()] == ['act0']        # BusyError without the retry: its snapshot was older than the tables
    a.close(); b.close()

def test_cached_values_follow_the_snapshot(db_path):
    "Cached values (`_fresh`) inside a read transaction hold for its snapshot; after it, another connection's commit is seen."
    from litesearch.db import _fresh
    db, other = build(db_path), database(db_path)
    count = lambda: _fresh(db, ('test_docs',), lambda: db.execute('SELECT count(*) FROM docs').fetchone()[0])
    n = count()
    with db.read_txn():
        assert count() == n
        other.add_doc('# Extra\n\nOne more act on the place of supply.', title='extra', embedder=hash_embed)
        assert count() == n == db.execute('SELECT count(*) FROM docs').fetchone()[0]     # the snapshot's, as SQLite reads it
    assert count() == n + 1                      # the commit shows once the snapshot is over: the cache did not keep n
    # a read transaction opened after the other connection's commit, before any read of its own, sees it too
    other.delete_doc(other.execute("SELECT id FROM docs WHERE title = 'extra'").fetchone()[0])
    with db.read_txn(): assert count() == n
    db.close(); other.close()
