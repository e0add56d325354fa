"A document is ingested whole or not at all, even when the process dies mid-write; two writers share a file."
import litesearch, litesearch.tuning
from conftest import setall
import subprocess, sys, textwrap
from litesearch import database
import litesearch.tree

DOC = '# A\n\n' + '\n\n'.join(f'## S{i}\n\nsection {i} text about polonium and thorium.' for i in range(30))

def test_killed_mid_ingest_leaves_nothing(db_path):
    code = textwrap.dedent(f'''
        import os, litesearch.ingest as t
        from litesearch import database, hash_embed
        real = t.store_chunks
        def dying(store, chunks, *a, **k):
            real(store, chunks, *a, **k)   # every chunk written, then the process dies before the commit
            os._exit(3)
        t.store_chunks = dying
        db = database({str(db_path)!r})
        db.add_doc({DOC!r}, title='A', embedder=hash_embed)''')
    r = subprocess.run([sys.executable, '-c', code])
    assert r.returncode == 3
    db = database(db_path); db.get_tree()
    assert (db.t.docs.count, db.t.nodes.count, db.t.store.count) == (0, 0, 0)
    assert db.add_doc(DOC, title='A')['chunks'] == 30   # and it ingests cleanly afterwards
    db.close()

def test_two_writer_processes(db_path):
    db = database(db_path); db.get_tree(); db.close()
    code = textwrap.dedent('''
        import sys
        from litesearch import database, hash_embed
        import litesearch.tree
        db = database(sys.argv[1])
        for i in range(15): db.add_doc(f"# Doc {i}\\n\\nwriter {sys.argv[2]} text {i}", title=f"w{sys.argv[2]}-{i}", embedder=hash_embed)
        db.close()''')
    ps = [subprocess.Popen([sys.executable, '-c', code, str(db_path), str(w)]) for w in (1, 2)]
    assert [p.wait(timeout=300) for p in ps] == [0, 0]
    db = database(db_path)
    assert db.t.docs.count == 30 and len(db.t.store.fts_search('writer', limit=100)) == 30
    db.close()

def test_open_waits_for_a_lock(tmp_path):
    "Opening a database while another process holds a lock waits (up to `timeout`) instead of failing in apsw's open hooks."
    import time
    p = tmp_path/'e.db'
    db = database(p, wal=False); db.get_tree(); db.close()          # a rollback journal: a lock blocks even readers
    holder = subprocess.Popen([sys.executable, '-c', f"import apsw,time; c=apsw.Connection({str(p)!r}); c.execute('BEGIN EXCLUSIVE'); "
                               "print('locked', flush=True); time.sleep(1.0); c.execute('COMMIT')"], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == 'locked'
    t = time.monotonic()
    x = database(p, wal=False)
    assert x.toc() == [] and time.monotonic() - t > 0.5       # it waited for the lock, then opened
    x.close(); holder.wait(timeout=30)

def test_two_processes_load_the_same_folder(tmp_path):
    "Two add_dir runs over one folder at once: every document once, whole, and neither run reports an error."
    docs = tmp_path/'docs'; docs.mkdir()
    for i in range(60): (docs/f'd{i:02}.md').write_text(f'# Doc {i}\n\n' + ' '.join(f'word{(i * 7 + k) % 53}' for k in range(120)))
    p = tmp_path/'same.db'
    db = database(p); db.get_tree(); db.close()
    code = textwrap.dedent('''
        import sys, json
        from litesearch import database, hash_embed
        db = database(sys.argv[1])
        res = db.add_dir(sys.argv[2], embedder=lambda ts: hash_embed(ts, 64), embed_batch=int(sys.argv[3]))
        print(json.dumps([r.get('error') for r in res if r.get('error')]))
        db.close()''')
    ps = [subprocess.Popen([sys.executable, '-c', code, str(p), str(docs), b], stdout=subprocess.PIPE, text=True) for b in ('0', '20')]
    outs = [q.communicate(timeout=300)[0] for q in ps]
    assert [q.returncode for q in ps] == [0, 0] and all(o.strip() == '[]' for o in outs), outs
    db = database(p)
    assert db.t.docs.count == 60 and db.execute('SELECT count(DISTINCT doc_id) FROM store').fetchone()[0] == 60
    assert db.execute('SELECT count(*) FROM docs WHERE hash IS NULL').fetchone()[0] == 0
    db.close()

def test_bulk_load_that_dies_is_repaired_on_open(tmp_path):
    "A process killed inside fts_bulk leaves its triggers dropped; the next open restores them and rebuilds FTS, unless the loader still runs."
    p = tmp_path/'bulk.db'
    code = textwrap.dedent(f'''
        import os
        from litesearch import database
        db = database({str(p)!r}); st = db.get_store()
        st.insert(dict(content='before the load: radium'))
        with st.fts_bulk():
            st.insert_all([dict(content=f'bulk row {{i}} about polonium') for i in range(20)])
            os._exit(3)''')
    assert subprocess.run([sys.executable, '-c', code]).returncode == 3
    db = database(p); st = db.get_store()                       # the loader is gone: repaired here
    assert len(st.fts_search('polonium', limit=50)) == 20 and len(st.fts_search('radium')) == 1
    st.insert(dict(content='after the crash: thorium'))
    assert len(st.fts_search('thorium')) == 1
    db.close()
    # a live loader's load is left alone: only its own end (or its death) restores the triggers
    sleeper = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])
    try:
        db = database(p); st = db.get_store()
        with db.write_txn():
            db.ls_meta('store.fts_bulk', dict(pid=sleeper.pid, sql=[s for _, s in db.execute("SELECT name, sql FROM sqlite_master WHERE type='trigger' AND name='store_ai'")]))
            db.execute('DROP TRIGGER store_ai')
        db.close()
        db = database(p); db.get_store()
        assert not db.execute("SELECT 1 FROM sqlite_master WHERE name='store_ai'").fetchone()
        db.close()
    finally: sleeper.kill(); sleeper.wait()
    db = database(p); db.get_store()
    assert db.execute("SELECT 1 FROM sqlite_master WHERE name='store_ai'").fetchone()
    db.close()

def test_reader_scans_sidecars_a_writer_keeps_replacing(tmp_path, monkeypatch):
    "A reader's exact scans stay right while another process adds rows and saves (renames a new sidecar over the one the reader maps)."
    import numpy as np, time
    import litesearch.core as core
    if not litesearch.tuning.ANN_VIEW: return                           # sidecars are mapped on POSIX only
    p = tmp_path/'rw.db'
    X = np.random.default_rng(21).standard_normal((3000, 16)).astype(np.float16)
    db = database(p); st = db.get_store(ann=True)
    st.insert_all([dict(content=f'r{i}', embedding=e) for i, e in enumerate(st.add_embeddings(X))])
    st.save_index(); db.close()
    code = textwrap.dedent('''
        import sys, numpy as np
        from litesearch import database
        rng = np.random.default_rng(22)
        for r in range(12):
            db = database(sys.argv[1]); st = db.t.store
            V = rng.standard_normal((150, 16)).astype(np.float16)
            st.insert_all([dict(content=f'w{r}', embedding=e) for e in st.add_embeddings(V)])
            st.save_index(); db.close()''')
    w = subprocess.Popen([sys.executable, '-c', code, str(p)])
    maps, read = [], litesearch.ann._sidecar_rows
    setall(monkeypatch, '_sidecar_rows', lambda *a: maps.append(1) or read(*a))
    db = database(p); st = db.t.store
    rng, n, mapped = np.random.default_rng(23), 0, 0
    while w.poll() is None or n < 50:
        i = int(rng.integers(3000))
        hit = st.vec_search(X[i], ['id'], 1)[0]
        assert hit['rowid'] == i + 1 and hit['_dist'] < 1e-3, (i, hit)
        fl = st.ann.flat()
        mapped += fl is not None
        n += 1
    assert w.wait(timeout=120) == 0
    assert len(st.vec_search(X[0], ['id'], 10)) == 10 and len(st.ann) == 3000 + 12 * 150
    # scans ran on the mapped sidecar until the reader saw a write, then on the index read into memory
    # (a reader that falls behind two saves finds its log trimmed and maps the newer sidecar again: correct, and timing-bound)
    assert len(maps) >= 1 and 0 < mapped < n, (n, mapped, len(maps))
    db.close()
